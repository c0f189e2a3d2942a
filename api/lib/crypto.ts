import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export function newId(): string {
  return crypto.randomUUID()
}

/** 32 random bytes, base64url: refresh tokens, reset links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex')
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
