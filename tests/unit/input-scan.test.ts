// The input scan (api/lib/input-scan.ts) walks parsed JSON, not raw bytes: an inbox delivery's body (a Buffer of up
// to 256 KiB) is passed over at once instead of being walked byte by byte.
import { describe, expect, it } from 'vitest'
import { findInputIssues } from '../../api/lib/input-scan'

describe('findInputIssues', () => {
  it('finds a NUL in a nested string, and passes raw bytes over without walking them', () => {
    expect(findInputIssues({ a: [{ b: 'x\u0000' }] })).toEqual({ 'a.0.b': ['invalidValue'] })
    // Bytes carrying a key a walk would report: not walked, nothing reported.
    const bytes = Buffer.alloc(1024 * 1024)
    Object.defineProperty(bytes, 'x\u0000', { value: 1, enumerable: true })
    expect(findInputIssues({ ...{ nested: 'ok' }, raw: 1 })).toEqual({})
    expect(findInputIssues(bytes)).toEqual({})
    expect(findInputIssues({ body: bytes })).toEqual({})
    // The same key on a plain object is reported.
    expect(findInputIssues({ 'x\u0000': 1 })).toEqual({ body: ['invalidValue'] })
  })
})
