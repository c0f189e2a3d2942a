// Texts of the signed-in area: settings (/admin/profile/settings/*) and moderation (/moderation/*).
export default {
  title: 'Settings',
  nav: { label: 'Settings sections', password: 'Password' },
  intro: 'Choose a section to change your account settings.',
  more: 'Profile editing comes with a later update.',
  password: {
    title: 'Change password',
    oldPassword: 'Old password',
    password: 'New password',
    confirmPassword: 'Confirm new password',
    submit: 'Change password',
    note: 'Your other devices will be signed out.',
  },
  moderation: {
    title: 'Moderation',
    tabsLabel: 'Moderation sections',
    tabs: { users: 'Users', events: 'Events', places: 'Places' },
    comingSoon: 'The {{tab}} table comes with a later update.',
  },
} as const
