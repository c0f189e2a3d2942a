// The day of the event (issue 45): the organizer's list of participants, printable and as CSV.
export default {
  title: 'Participants of {{title}}',
  back: 'Back to the event',
  print: 'Print',
  printHint: 'Print this page with your browser (Ctrl+P, or Print in its menu): it fits A4.',
  csv: 'Download CSV',
  participants: 'Participants ({{count}})',
  waiting: 'Waiting list ({{count}})',
  none: 'Nobody yet.',
  number: 'No.',
  name: 'Name',
  username: 'Username',
  email: 'Email',
  emailHidden: 'not shared',
  came: 'Came',
  checkedInAt: 'in at {{time}}',
  emailNote: 'Emails are shown only for people who let organizers see them (their Settings → Profile).',
}
