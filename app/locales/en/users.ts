// The user list /users (SPEC §1 "browse … users", §2 routes).
export default {
  meta: { title: 'People · Nearby' },
  title: 'People',
  searchLabel: 'Search people',
  searchPlaceholder: 'Name, last name or username',
  search: 'Search',
  empty: 'No users found.',
  emptyQuery: 'No users found for “{{query}}”.',
  followers: 'Followers: {{count}}',
  loadMore: 'Load more',
  loading: 'Loading…',
  end: 'That is everyone.',
} as const
