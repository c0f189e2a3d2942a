// Finding accounts for sign-in, codes and resets: by id, email or login (email or username, any case), and the
// language to write to them in.
import type { Language } from '#contract'
import type { Db } from '../../db'
import type { UserRow } from '../../db/schema'
import { nameInUse } from '../users/names'

/** The fields a new account is made with; every other column starts empty, PENDING, reminders on. */
export type NewAccount = Pick<
  UserRow,
  'email' | 'password_hash' | 'google_sub' | 'name' | 'lastname' | 'username' | 'is_activated' | 'locale'
>

/** A users row for a new account (registration, Google sign-in; the tests' fixtures too). */
export function newAccountRow(account: NewAccount, id: string, now: string): UserRow {
  return {
    id,
    ...account,
    phone: null,
    profession: null,
    user_bio: null,
    role: 'user',
    avatar_name: null,
    avatar_path: null,
    facebook: null,
    instagram: null,
    vk: null,
    moderation_status: 'PENDING',
    moderation_image_status: 'PENDING',
    city_name: null,
    city_lat: null,
    city_lon: null,
    disabled_at: null,
    deletion_requested_at: null,
    // Reminders: all on (decision 030).
    remind_24h: 1,
    remind_1h: 1,
    remind_by_mail: 1,
    // Their public events federate unless they turn it off (decision 039).
    federate_events: 1,
    share_email_with_organizers: 0,
    remote_actor: null,
    remote_domain: null,
    remote_url: null,
    remote_inbox: null,
    remote_shared_inbox: null,
    created_at: now,
    updated_at: now,
  }
}

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

  /** A username another person or a group answers to (one namespace: users/names.ts). */
  const usernameTaken = (username: string): Promise<boolean> => nameInUse(db, username)

  return { userById, userByEmail, userByLogin, usernameTaken }
}

export type AccountLookup = ReturnType<typeof createAccountLookup>
