// The profile card's texts (SPEC §2, §9): the description cut at 30 characters, the phone as +X (XXX) XXX-XX-XX.
import { describe, expect, it } from 'vitest'
import { formatPhone, LIMITS, truncateText } from '#contract'

describe('truncateText', () => {
  it('keeps a text of at most the limit as it is (trimmed)', () => {
    expect(truncateText('  Jazz and photos  ', LIMITS.profileDescriptionTruncate)).toBe('Jazz and photos')
    const exactly30 = 'x'.repeat(30)
    expect(truncateText(exactly30, 30)).toBe(exactly30)
  })

  it('cuts a longer text at 30 characters and marks the cut', () => {
    expect(truncateText('Street photographer and night owl who loves jazz', 30)).toBe('Street photographer and night…')
  })

  it('counts emoji and other astral characters as one character, never splitting them', () => {
    const text = `${'🎷'.repeat(31)}`
    const cut = truncateText(text, 30)
    expect(Array.from(cut)).toHaveLength(31)
    expect(cut.endsWith('🎷…')).toBe(true)
  })
})

describe('formatPhone', () => {
  it('shows 11 stored digits as +X (XXX) XXX-XX-XX', () => {
    expect(formatPhone('79991234567')).toBe('+7 (999) 123-45-67')
  })

  it('shows nothing for no phone and anything else as it is', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone('12345')).toBe('12345')
  })
})
