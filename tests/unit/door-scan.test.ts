// What the door's camera does with a QR code it reads (issue 45): the code of a check-in link, or the text itself.
import { describe, expect, it } from 'vitest'
import { codeFromScan } from '../../app/features/events/day/camera-scan'

describe('codeFromScan', () => {
  it('takes the code out of a participant’s check-in link', () => {
    expect(codeFromScan('https://nearby.example/event/0f8fad5b/checkin?code=K7QW3M')).toBe('K7QW3M')
  })
  it('keeps a bare code (a QR code holding only the six characters), trimmed', () => {
    expect(codeFromScan(' K7QW3M\n')).toBe('K7QW3M')
  })
  it('passes any other link on as it is: the server answers that no participant has it', () => {
    expect(codeFromScan('https://example.org/menu')).toBe('https://example.org/menu')
  })
})
