/** The window size (log2 bytes) a brotli stream declares in its first bits (RFC 7932, section 9.1). */
export function brotliWindowBits(stream: Uint8Array): number {
  const byte = stream[0] ?? 0
  if ((byte & 1) === 0) return 16
  const wide = (byte >> 1) & 7
  if (wide !== 0) return 17 + wide
  const narrow = (byte >> 4) & 7
  if (narrow !== 0) return 8 + narrow
  return 17
}
