// Terms every event screen shares (list, card, map popup, event page, form). Screen texts live in the
// screens' own namespaces: eventList, eventPage, eventForm.
export default {
  eventType: { EVENT: 'Event', PLACE: 'Place' },
  attendance: { IN_PERSON: 'In person', ONLINE: 'Online', HYBRID: 'In person and online' },
  accessibility: {
    stepFree: 'Step-free entrance',
    accessibleToilet: 'Accessible toilet',
    hearingLoop: 'Hearing loop',
    signLanguage: 'Sign language',
    quietSpace: 'Quiet space',
    seating: 'Seating',
  },
  /** The link to /embed from an organizer, a place and a city's list (decision 043). */
  embed: 'Embed on your site',
  accessType: {
    COMMON: 'Open',
    APPROVAL: 'Open, with approval',
    SUBSCRIBERS: 'Followers',
    PRIVATE: 'Private',
  },
  accessInfo: {
    COMMON: 'Open event: anyone signed in can see the details and join.',
    APPROVAL: 'Open, with approval: anyone signed in can see the details and ask to join; the organizer accepts or declines each request.',
    SUBSCRIBERS: 'For followers: followers of the organizer and invited people can see the details and join.',
    PRIVATE: 'Private event: only invited people and participants can see the details and join.',
  },
  categories: {
    all: 'All',
    exhibitions: 'Exhibitions',
    kids: 'Kids',
    leisure: 'Leisure',
    standUp: 'Stand-up',
    education: 'Education',
    theaters: 'Theatres',
    games: 'Games',
    movie: 'Movies',
    concerts: 'Concerts',
  },
  price: {
    donation: 'Donation',
    free: 'Free',
    FROM: 'from',
    UPTO: 'up to',
  },
  stats: {
    likes: 'Likes',
    views: 'Views',
    participants: 'Participants',
  },
  /** The owner's overlay over a post under review or rejected (SPEC §4). */
  moderation: {
    PENDING: 'Your post is under review.',
    REJECTED: 'Your post was rejected by a moderator. Please edit the information.',
    imagePENDING: 'The photo is under review.',
    imageREJECTED: 'The photo was rejected by a moderator. Please change the photo.',
    reason: 'Reason: {{reason}}',
    deleted: 'This post was deleted.',
  },
  noPhoto: 'No photo',
  status: {
    cancelled: 'Cancelled',
    moved: 'New date',
  },
  map: 'Map',
  mapNeedsJs: 'The map needs JavaScript. The list shows every result.',
  openInMaps: 'Open in maps',
} as const
