// argon2id with the OWASP parameters (m = 19 MiB, t = 2, p = 1).
import { hash, verify } from '@node-rs/argon2'

const OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum in the typings)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same work as a real check so unknown accounts cannot be told apart by timing.
    await verify(await dummyHash(), password).catch(() => false)
    return false
  }
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummy: Promise<string> | null = null
function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-timing')
  return dummy
}
