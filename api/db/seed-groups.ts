// The demo's first look at issue 45 (organizer teams): a group with an owner, an admin and a member, two of the
// demo's events posted as it, a follower, and an invitation waiting for the super admin. Changes the posts it names;
// answers the rows to insert (the group before the posts that name it).
import type { NewPost } from './schema'

export const DEMO_GROUP = { id: '60000000-0000-4000-8000-000000000001', handle: 'belgrade_walkers' } as const

export function demoGroups(
  showcase: (title: string) => NewPost,
  people: { owner: string; admin: string; member: string; follower: string; invitee: string },
  created: string,
) {
  const group = {
    id: DEMO_GROUP.id,
    handle: DEMO_GROUP.handle,
    name: 'Belgrade Walkers',
    description: 'We walk the city’s streets and parks together every weekend. Everyone is welcome.',
    moderation_status: 'APPROVED',
    created_by: people.owner,
    created_at: created,
    updated_at: created,
  }
  for (const title of ['History walking tour', 'Sunset yoga'])
    Object.assign(showcase(title), { group_id: DEMO_GROUP.id, posted_by: people.owner, created_by: people.owner })
  const member = (user_id: string, role: string) => ({ group_id: DEMO_GROUP.id, user_id, role, joined_at: created })
  return {
    groups: [group],
    members: [member(people.owner, 'owner'), member(people.admin, 'admin'), member(people.member, 'member')],
    followers: [{ group_id: DEMO_GROUP.id, user_id: people.follower, created_at: created }],
    invitations: [
      { id: '60000000-0000-4000-8000-000000000011', group_id: DEMO_GROUP.id, user_id: people.invitee, email: null, role: 'editor', invited_by: people.owner, created_at: created },
    ],
  }
}
