// The one redirect rule of the web (app/utils/redirect.ts): paths on this site pass, everything a browser
// could read as another site falls back to the default.
import { describe, expect, it } from 'vitest'
import { safeRedirect } from '../../app/utils/redirect'
import { HOSTILE_REDIRECTS } from '../support/hostile-redirects'

describe('safeRedirect', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeRedirect('/event/abc?tab=1#photos')).toBe('/event/abc?tab=1#photos')
    expect(safeRedirect('/?city=Belgrade&startDate=2030-01-01')).toBe('/?city=Belgrade&startDate=2030-01-01')
  })

  it('answers ASCII only, so the target is always a valid Location header', () => {
    expect(safeRedirect('/users?query=Мария')).toBe('/users?query=%D0%9C%D0%B0%D1%80%D0%B8%D1%8F')
  })

  it('falls back for missing or non-string values', () => {
    for (const value of [null, undefined, '', 42, {}]) expect(safeRedirect(value, '/home')).toBe('/home')
  })

  for (const { name, value } of HOSTILE_REDIRECTS) {
    it(`falls back for ${name}`, () => {
      expect(safeRedirect(value, '/fallback')).toBe('/fallback')
    })
  }

  it('allows an encoded tab inside a path, which browsers never decode into a host', () => {
    // `/%09/evil.example` as a literal path (not query-decoded) is a path on this site.
    expect(new URL(safeRedirect('/a%09/b'), 'http://x.test').origin).toBe('http://x.test')
  })
})
