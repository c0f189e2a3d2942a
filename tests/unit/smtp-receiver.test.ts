import { describe, expect, it } from 'vitest'
import { extractCode, extractResetLink } from '../support/smtp-receiver'

describe('mail helpers', () => {
  it('extractCode finds the 6-digit code', () => {
    expect(extractCode('Your verification code is: 042917\nIt is valid')).toBe('042917')
    expect(() => extractCode('no code 12345 here')).toThrow()
  })
  it('extractResetLink finds the link', () => {
    expect(
      extractResetLink('open this link:\nhttp://localhost:3000/auth/resetPassword/abc_DEF-123\n\nThe link'),
    ).toBe('http://localhost:3000/auth/resetPassword/abc_DEF-123')
  })
})
