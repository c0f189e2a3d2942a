// Demo data for a laptop start (SEED_DEMO, empty users table). Idempotent and deterministic: a seeded
// PRNG picks places, dates and links; dates are relative to the day the seed runs (future events).
import { CATEGORIES, DEFAULT_CENTER } from '#contract'
import type { Db } from './index'
import { nowIso } from './index'
import type { NewPost, NewPostImage, NewUser } from './schema'
import { hashPassword } from '../lib/passwords'
import { mulberry32 } from '../lib/random'
import type { ImageStore } from '../media/images'
import { avatarPicture, postPicture } from './demo-pictures'
import { demoCityCalendar } from './seed-city-calendar'
import { demoGroups } from './seed-groups'
import { withCheckinCodes } from '../modules/events/checkin-codes'

/** Documented demo accounts (README, tests). */
export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@nearby.local',
    password: 'superadmin123',
    role: 'superAdmin',
    username: 'superadmin',
    name: 'Sofia',
    lastname: 'Super',
    activated: true,
  },
  {
    email: 'admin@nearby.local',
    password: 'admin123',
    role: 'admin',
    username: 'admin',
    name: 'Adam',
    lastname: 'Admin',
    activated: true,
  },
  {
    email: 'user@nearby.local',
    password: 'user123',
    role: 'user',
    username: 'demouser',
    name: 'Dana',
    lastname: 'Demo',
    activated: true,
  },
  {
    email: 'newbie@nearby.local',
    password: 'newbie123',
    role: 'user',
    username: 'newbie',
    name: 'Nikola',
    lastname: 'Newbie',
    activated: false,
  },
  {
    email: 'bot@nearby.local',
    password: 'bot12345',
    role: 'bot',
    username: 'nearbybot',
    name: 'Nearby',
    lastname: 'Bot',
    activated: true,
  },
] as const

const EVENT_TITLES = [
  'Jazz night on the river',
  'Open-air cinema',
  'Stand-up comedy evening',
  'Board games meetup',
  'Kids science workshop',
  'Modern art exhibition',
  'Photography walk',
  'Classical music concert',
  'Improv theatre show',
  'Street food festival',
  'Python for beginners',
  'Chess tournament',
  'Rock concert in the park',
  'Pottery class',
  'Wine tasting',
  'Sunset yoga',
  'Book club',
  'Indie film premiere',
  'Salsa dance night',
  'Startup pitch evening',
  'Puppet theatre for kids',
  'History walking tour',
  'Retro video games night',
  'Acoustic open mic',
  'Language exchange',
  'Astronomy evening',
  'Painting workshop',
  'Quiz night',
  'Electronic music party',
  'Poetry reading',
]
const PLACE_TITLES = [
  'Riverside Café',
  'City Library',
  'Old Town Gallery',
  'Kalemegdan Park Kiosk',
  'Sunny Coworking',
  'Little Theatre Stage',
  'Board Game Bar',
  'Green Market',
  'Jazz Cellar',
  'Family Play Centre',
]
const STREETS = [
  'Knez Mihailova',
  'Kralja Petra',
  'Bulevar kralja Aleksandra',
  'Njegoševa',
  'Cara Dušana',
  'Karađorđeva',
  'Gospodar Jevremova',
  'Skadarska',
  'Nemanjina',
  'Takovska',
]
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const CURRENCIES = ['RSD', 'EUR', 'USD', 'RUB'] as const

export interface SeedResult {
  users: number
  events: number
  places: number
}

export async function seedDemo(
  db: Db,
  /** images: draw pictures for every post and most people into this store (the first look of `npm start`). */
  options: { now?: Date; images?: ImageStore } = {},
): Promise<SeedResult | null> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (existing) return null
  const rand = mulberry32(20260101)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
  const now = options.now ?? new Date()
  const created = nowIso(now)

  const hashes = new Map<string, string>()
  for (const a of DEMO_ACCOUNTS) hashes.set(a.password, await hashPassword(a.password))

  // Stable ids so links in docs/tests stay valid between seeds.
  const userIds: string[] = DEMO_ACCOUNTS.map((_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`)
  const users: NewUser[] = DEMO_ACCOUNTS.map((a, i) => ({
    id: userIds[i] as string,
    email: a.email,
    password_hash: hashes.get(a.password) ?? null,
    google_sub: null,
    name: a.name,
    lastname: a.lastname,
    username: a.username,
    phone: i === 2 ? '79991234567' : null,
    profession:
      a.role === 'bot' ? null : pick(['Designer', 'Engineer', 'Teacher', 'Musician', 'Photographer']),
    user_bio:
      a.role === 'bot' ? 'Official Nearby account.' : `Hi, I am ${a.name}. I like events around Belgrade.`,
    role: a.role,
    avatar_name: null,
    avatar_path: null,
    facebook: null,
    instagram: i === 2 ? 'https://instagram.com/nearby' : null,
    vk: null,
    moderation_status: 'APPROVED',
    moderation_image_status: 'APPROVED',
    is_activated: a.activated ? 1 : 0,
    city_name: 'Belgrade',
    city_lat: DEFAULT_CENTER.latitude,
    city_lon: DEFAULT_CENTER.longitude,
    locale: 'en',
    disabled_at: null,
    deletion_requested_at: null,
    created_at: created,
    updated_at: created,
  }))

  // A point within ~10 km of the default centre.
  const point = () => {
    const r = 10_000 * Math.sqrt(rand())
    const theta = rand() * 2 * Math.PI
    const lat = DEFAULT_CENTER.latitude + (r * Math.cos(theta)) / 111_320
    const lon =
      DEFAULT_CENTER.longitude +
      (r * Math.sin(theta)) / (111_320 * Math.cos((DEFAULT_CENTER.latitude * Math.PI) / 180))
    return { lat: Math.round(lat * 1e6) / 1e6, lon: Math.round(lon * 1e6) / 1e6 }
  }
  const organizers = [userIds[0], userIds[1], userIds[2], userIds[2], userIds[4]] as string[]

  const posts: NewPost[] = []
  const categories: { post_id: string; category: string }[] = []
  const hours: { id: string; post_id: string; day: string; open: string; close: string }[] = []
  EVENT_TITLES.forEach((title, i) => {
    const id = `10000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`
    const { lat, lon } = point()
    const start = new Date(now)
    start.setUTCDate(start.getUTCDate() + 1 + Math.floor(rand() * 45))
    start.setUTCHours(16 + Math.floor(rand() * 5), rand() < 0.5 ? 0 : 30, 0, 0)
    const end = new Date(start.getTime() + (2 + Math.floor(rand() * 3)) * 3_600_000)
    const priced = rand()
    const donation = priced < 0.15
    const paid = !donation && priced < 0.55
    const author = organizers[i % organizers.length] as string
    posts.push({
      id,
      title,
      description: `${title}. Join us for a friendly evening in Belgrade. Everyone is welcome!`,
      event_type: 'EVENT',
      access_type: i % 10 === 7 ? 'PRIVATE' : i % 10 === 4 ? 'SUBSCRIBERS' : 'COMMON',
      start_date: start.toISOString(),
      end_date: rand() < 0.7 ? end.toISOString() : null,
      address: `${pick(STREETS)} ${1 + Math.floor(rand() * 60)}, Belgrade`,
      lon,
      lat,
      channel_link: rand() < 0.3 ? 'https://t.me/nearby_events' : null,
      max_participants: rand() < 0.35 ? 5 + Math.floor(rand() * 40) : null,
      price_donation: donation ? 1 : 0,
      price_amount: paid ? ([300, 500, 800, 1000, 1500, 10, 15, 20][Math.floor(rand() * 8)] ?? 500) : null,
      price_currency: paid ? pick(CURRENCIES) : null,
      price_range: paid && rand() < 0.4 ? pick(['FROM', 'UPTO'] as const) : null,
      posted_by: author,
      created_by: author,
      moderation_status: 'APPROVED',
      moderation_image_status: 'APPROVED',
      post_status: 'ACTIVE',
      created_at: created,
      updated_at: created,
    })
    const c1 = CATEGORIES[i % CATEGORIES.length] as string
    categories.push({ post_id: id, category: c1 })
    const c2 = pick(CATEGORIES)
    if (c2 !== c1 && rand() < 0.5) categories.push({ post_id: id, category: c2 })
  })
  PLACE_TITLES.forEach((title, i) => {
    const id = `20000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`
    const { lat, lon } = point()
    const author = (i % 2 === 0 ? userIds[0] : userIds[1]) as string
    posts.push({
      id,
      title,
      description: `${title}: a favourite spot of the Nearby community.`,
      event_type: 'PLACE',
      access_type: 'COMMON',
      start_date: null,
      end_date: null,
      address: `${pick(STREETS)} ${1 + Math.floor(rand() * 60)}, Belgrade`,
      lon,
      lat,
      channel_link: `https://t.me/nearby_place_${i + 1}`,
      max_participants: null,
      price_donation: 0,
      price_amount: null,
      price_currency: null,
      price_range: null,
      posted_by: author,
      created_by: author,
      moderation_status: 'APPROVED',
      moderation_image_status: 'APPROVED',
      post_status: 'ACTIVE',
      created_at: created,
      updated_at: created,
    })
    categories.push({ post_id: id, category: CATEGORIES[(i * 2) % CATEGORIES.length] as string })
    const open = `${String(8 + Math.floor(rand() * 3)).padStart(2, '0')}:00`
    const close = `${String(18 + Math.floor(rand() * 5)).padStart(2, '0')}:00`
    DAYS.forEach((day, d) => {
      if (d === 6 && i % 3 === 0) return // some places rest on Sunday
      hours.push({
        id: `${id.slice(0, 24)}${String(d).padStart(2, '0')}${id.slice(26)}`,
        post_id: id,
        day,
        open,
        close,
      })
    })
  })

  const [superId, adminId, userId, newbieId, botId] = userIds as [string, string, string, string, string]
  const follows = [
    [userId, superId],
    [userId, adminId],
    [adminId, userId],
    [superId, userId],
    [newbieId, userId],
    [botId, userId],
    [userId, botId],
  ].map(([follower_id, followee_id]) => ({
    follower_id: follower_id as string,
    followee_id: followee_id as string,
    created_at: created,
  }))
  // A queue for the console (issue: a newcomer signed in as admin sees real work): a few PENDING items, one
  // REJECTED event with its log row and the owner's notification. Changed a little later, so they sort first.
  const later = (minutes: number) => nowIso(new Date(now.getTime() + minutes * 60_000))
  const REJECT_REASON = 'The description does not say where to meet. Please add the meeting point.'
  const moderated: { index: number; set: Partial<NewPost> }[] = [
    {
      index: 2,
      set: { moderation_status: 'PENDING', moderation_image_status: 'PENDING', updated_at: later(1) },
    },
    { index: 3, set: { moderation_image_status: 'PENDING', updated_at: later(2) } },
    { index: 27, set: { moderation_status: 'REJECTED', updated_at: later(3) } },
    { index: EVENT_TITLES.length + 9, set: { moderation_status: 'PENDING', updated_at: later(4) } },
  ]
  for (const { index, set } of moderated) Object.assign(posts[index] as NewPost, set)
  const rejected = posts[27] as NewPost
  const newbie = users[3] as NewUser
  Object.assign(newbie, { moderation_status: 'PENDING', updated_at: later(5) })
  const logId = '30000000-0000-4000-8000-000000000001'
  const moderationLog = [
    {
      id: logId,
      actor_id: userIds[1] as string,
      target_type: 'POST',
      target_id: rejected.id,
      field: 'moderationStatus',
      from_value: 'APPROVED',
      to_value: 'REJECTED',
      reason: REJECT_REASON,
      created_at: later(3),
    },
  ]
  const notifications = [
    {
      id: '30000000-0000-4000-8000-000000000002',
      recipient_id: rejected.posted_by,
      notification_type: 'moderation',
      user_from: null,
      entity_id: rejected.id,
      opened_at: null,
      created_at: later(3),
      moderation_log_id: logId,
    },
  ]

  // Two open reports for the Reports tab: one past the 24-hour promise, one fresh.
  const ago = (hours: number) => nowIso(new Date(now.getTime() - hours * 3_600_000))
  const reportRow = (
    n: number,
    fields: {
      target_type: string
      target_id: string
      reporter_id: string
      reason: string
      details: string | null
      hours: number
    },
  ) => ({
    id: `40000000-0000-4000-8000-00000000000${n}`,
    target_type: fields.target_type,
    target_id: fields.target_id,
    reporter_id: fields.reporter_id,
    reason: fields.reason,
    details: fields.details,
    status: 'OPEN',
    created_at: ago(fields.hours),
    updated_at: ago(fields.hours),
    resolved_at: null,
    resolved_by: null,
    resolution_note: null,
    resolution_action: null,
  })
  const reports = [
    reportRow(1, {
      target_type: 'POST',
      target_id: (posts[9] as NewPost).id,
      reporter_id: userIds[2] as string,
      reason: 'spam',
      details: 'Only an advert for a food delivery app.',
      hours: 30,
    }),
    reportRow(2, {
      target_type: 'USER',
      target_id: userIds[4] as string,
      reporter_id: userIds[3] as string,
      reason: 'other',
      details: 'Sends me the same message every day.',
      hours: 2,
    }),
  ]

  const participants: { post_id: string; user_id: string; created_at: string }[] = []
  const likes: { post_id: string; user_id: string; created_at: string }[] = []
  const views: { post_id: string; user_id: string; created_at: string }[] = []
  posts.forEach((p, i) => {
    for (const uid of [superId, adminId, userId, botId]) {
      if (uid === p.posted_by) continue
      if (
        p.event_type === 'EVENT' &&
        rand() < 0.35 &&
        (p.max_participants ?? 99) > participants.filter((x) => x.post_id === p.id).length
      ) {
        participants.push({ post_id: p.id, user_id: uid, created_at: created })
      }
      if (rand() < 0.4) likes.push({ post_id: p.id, user_id: uid, created_at: created })
      if (rand() < 0.7 || i % 5 === 0) views.push({ post_id: p.id, user_id: uid, created_at: created })
    }
  })

  // A first look at issue 11's features: a full event whose line the demo user is first in, a cancelled event
  // and a moved one.
  const waitlist: { post_id: string; user_id: string; position: number; created_at: string }[] = []
  const showcase = (title: string) => posts.find((p) => p.title === title) as NewPost
  const full = showcase('Open-air cinema')
  full.max_participants = 2
  for (let i = participants.length - 1; i >= 0; i--)
    if (participants[i]?.post_id === full.id) participants.splice(i, 1)
  participants.push(
    { post_id: full.id, user_id: superId, created_at: created },
    { post_id: full.id, user_id: botId, created_at: created },
  )
  waitlist.push({ post_id: full.id, user_id: userId, position: 1, created_at: created })
  const cancelled = showcase('Photography walk')
  Object.assign(cancelled, {
    cancelled_at: created,
    cancel_message: 'The guide is ill. We will announce a new walk soon, sorry!',
    sequence: 1,
  })
  const city = demoCityCalendar(showcase, adminId, created)
  const team = demoGroups(showcase, { owner: userId, admin: adminId, member: newbieId, follower: superId, invitee: superId }, created)
  const moved = showcase('Pottery class')
  const firstStart = new Date(Date.parse(moved.start_date as string) - 7 * 86_400_000).toISOString()
  Object.assign(moved, { previous_start_date: firstStart, rescheduled_at: created, sequence: 1 })

  // Pictures: one per event, two per place, an avatar for everyone but the bot; drawn and stored through
  // the same image store as uploads (re-encoded to WebP with a thumbnail).
  const images: NewPostImage[] = []
  if (options.images) {
    const store = options.images
    const categoryOf = new Map(categories.map((c) => [c.post_id, c.category]))
    for (const [i, p] of posts.entries()) {
      const count = p.event_type === 'PLACE' ? 2 : 1
      const pictures = await Promise.all(
        Array.from({ length: count }, (_, n) => postPicture(categoryOf.get(p.id) ?? '', i * 10 + n + 1)),
      )
      const stored = await store.saveAll('posts', pictures)
      stored.forEach((picture, position) =>
        images.push({
          id: `20000000-0000-4000-8000-${String(i * 10 + position + 1).padStart(12, '0')}`,
          post_id: p.id,
          name: picture.name,
          path: picture.path,
          thumb_path: picture.thumbPath,
          position,
          created_at: created,
        }),
      )
    }
    for (const [i, u] of users.entries()) {
      if (u.role === 'bot') continue
      const [avatar] = await store.saveAll('avatars', [await avatarPicture(i + 101)])
      u.avatar_path = avatar!.path
      u.avatar_name = avatar!.name
    }
  }

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(users).execute()
    await trx.insertInto('groups').values(team.groups).execute()
    await trx.insertInto('group_members').values(team.members).execute()
    await trx.insertInto('group_followers').values(team.followers).execute()
    await trx.insertInto('group_invitations').values(team.invitations).execute()
    for (const p of posts) await trx.insertInto('posts').values(p).execute()
    await trx.insertInto('post_categories').values(categories).execute()
    if (images.length) await trx.insertInto('post_images').values(images).execute()
    await trx.insertInto('post_hours').values(hours).execute()
    await trx.insertInto('follows').values(follows).execute()
    if (participants.length) await trx.insertInto('post_participants').values(withCheckinCodes(participants)).execute()
    await trx.insertInto('post_waitlist').values(waitlist).execute()
    if (likes.length) await trx.insertInto('post_likes').values(likes).execute()
    if (views.length) await trx.insertInto('post_views').values(views).execute()
    await trx.insertInto('moderation_log').values(moderationLog).execute()
    await trx.insertInto('notifications').values(notifications).execute()
    await trx.insertInto('reports').values(reports).execute()
    await trx.insertInto('collections').values(city.collections).execute()
    await trx.insertInto('collection_events').values(city.picks).execute()
  })
  return { users: users.length, events: EVENT_TITLES.length, places: PLACE_TITLES.length }
}
