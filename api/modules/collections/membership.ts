// Which events a collection holds (issue 43), as one filter of a posts query, for its page (service.ts), its
// calendar and Atom feeds (calendar module) and its fediverse actor. Its hand-picked events, and those matching
// every rule it has (categories: any of them; organizers: any; places: within 150 m of any; words: all in the
// title; dates: the start within them); a collection without rules is its picks. Who may read them is the caller's
// part (public, listed events only, everywhere a collection shows).
import { CALENDAR_LIMITS } from '#contract'
import type { Expression, ExpressionBuilder, Selectable, SelectQueryBuilder, SqlBool } from 'kysely'
import type { Dialect, Db } from '../../db'
import type { CollectionsTable, Database } from '../../db/schema'
import { createTextSearch } from '../../db/text-search'
import { HttpError } from '../../lib/errors'
import { inCategories, withinKm } from '../events/filters'

export type CollectionRow = Selectable<CollectionsTable>

/** A filter of posts that keeps the query's selection. */
export type PostsFilter = <O>(q: SelectQueryBuilder<Database, 'posts', O>) => SelectQueryBuilder<Database, 'posts', O>

export const idList = (json: string) => JSON.parse(json) as string[]

export async function collectionBySlug(db: Db, slug: string): Promise<CollectionRow> {
  const found = await db.selectFrom('collections').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst()
  if (!found) throw new HttpError(404, 'notFound')
  return found
}

/** Whether a collection has any rule (without, it is its picks only). */
const hasRules = (r: CollectionRow) =>
  idList(r.categories).length > 0 || idList(r.organizer_ids).length > 0 || idList(r.place_ids).length > 0 || !!r.words || !!r.starts_from || !!r.starts_until

/** The collection's events as a filter of posts: picked, or matching every rule. */
export async function collectionMembers(db: Db, dialect: Dialect, r: CollectionRow): Promise<PostsFilter> {
  const rules: ((eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>)[] = []
  const categories = idList(r.categories)
  if (categories.length) rules.push(inCategories(categories))
  const organizers = idList(r.organizer_ids)
  if (organizers.length) rules.push((eb) => eb('posts.posted_by', 'in', organizers))
  const placeIds = idList(r.place_ids)
  if (placeIds.length) {
    const places = await db.selectFrom('posts').select(['lat', 'lon']).where('id', 'in', placeIds).where('event_type', '=', 'PLACE').where('post_status', '=', 'ACTIVE').execute()
    const near = places.map((p) => withinKm(Number(p.lat), Number(p.lon), CALENDAR_LIMITS.placeRadiusM / 1000))
    rules.push((eb) => (near.length ? eb.or(near.map((n) => n(eb))) : eb.val(false)))
  }
  if (r.starts_from) rules.push((eb) => eb('posts.start_date', '>=', r.starts_from))
  if (r.starts_until) rules.push((eb) => eb('posts.start_date', '<=', r.starts_until))
  const text = r.words ? await createTextSearch(db, dialect).containsAll('titles', 'posts', r.words) : null
  const any = hasRules(r)
  const picked = () => db.selectFrom('collection_events').select('post_id').where('collection_id', '=', r.id)
  return (query) => {
    let out = query.where((eb) => {
      const inPicks = eb('posts.id', 'in', picked())
      return any ? eb.or([inPicks, eb.and(rules.map((rule) => rule(eb)))]) : inPicks
    })
    // Words narrow the rules, not the picks: a picked event is in whatever its title says.
    if (text) out = out.where((eb) => eb.or([eb('posts.id', 'in', picked()), eb('posts.id', 'in', text.unordered(db.selectFrom('posts').select('posts.id')))]))
    return out
  }
}

/** Whether a collection holds one post (the fediverse's check of an event that changed). */
export async function collectionHolds(db: Db, dialect: Dialect, r: CollectionRow, postId: string): Promise<boolean> {
  const members = await collectionMembers(db, dialect, r)
  return !!(await members(db.selectFrom('posts').select('posts.id').where('posts.id', '=', postId)).executeTakeFirst())
}
