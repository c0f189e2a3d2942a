// The demo's first look at issue 43 (a city's calendar): an event online (its link for participants), one in person
// and online with its link shown to everyone, an event with accessibility details, and two curated collections, one
// by a rule and one hand-picked. Changes the posts it names; answers the collections' rows.
import type { NewPost } from './schema'

export function demoCityCalendar(showcase: (title: string) => NewPost, adminId: string, created: string) {
  Object.assign(showcase('Python for beginners'), { attendance_mode: 'ONLINE', online_url: 'https://meet.example.org/python-beginners' })
  Object.assign(showcase('Chess tournament'), { attendance_mode: 'HYBRID', online_url: 'https://stream.example.org/chess', online_url_public: 1 })
  Object.assign(showcase('Open-air cinema'), { accessibility: 'stepFree,seating', accessibility_note: 'Blankets for the cold; the lawn is level from the gate.' })

  const collectionIds = ['50000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002'] as const
  const collection = (id: string, slug: string, name: string, description: string, categories: string[]) => ({
    id,
    slug,
    name,
    description,
    categories: JSON.stringify(categories),
    organizer_ids: '[]',
    place_ids: '[]',
    words: null,
    starts_from: null,
    starts_until: null,
    created_by: adminId,
    created_at: created,
    updated_at: created,
  })
  const collections = [
    collection(collectionIds[0], 'for-kids', 'For kids', 'Events for children and families around Belgrade.', ['kids']),
    collection(collectionIds[1], 'editors-picks', 'Editors’ picks', 'A few events our moderators would not miss.', []),
  ]
  const picks = ['Street food festival', 'Open-air cinema', 'Jazz night on the river'].map((title) => ({
    collection_id: collectionIds[1],
    post_id: showcase(title).id as string,
    added_at: created,
  }))
  return { collections, picks }
}
