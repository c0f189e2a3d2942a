// Finding accounts for sign-in, codes and resets: by id, email or login (email or username, any case), and the
// language to write to them in.
import type { Language } from '#contract'
import type { Db } from '../../db'
import type { UserRow } from '../../db/schema'

export function userLanguage(user: UserRow, fallback: Language): Language {
  return user.locale === 'ru' || user.locale === 'en' ? user.locale : fallback
}

export function createAccountLookup(db: Db) {
  async function userById(id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async function userByEmail(email: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst()
  }

  async function userByLogin(login: string): Promise<UserRow | undefined> {
    const value = login.trim()
    if (value.includes('@')) return userByEmail(value)
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['username']), '=', value.toLowerCase()))
      .executeTakeFirst()
  }

  async function usernameTaken(username: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst()
    return !!row
  }

  return { userById, userByEmail, userByLogin, usernameTaken }
}

export type AccountLookup = ReturnType<typeof createAccountLookup>
