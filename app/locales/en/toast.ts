// Flash toasts after a mutation (SPEC §8). The spec gives some only in Russian; these are their English twins.
export default {
  signedIn: 'You have signed in successfully!',
  confirmEmail: 'Please confirm your email!',
  emailConfirmed: 'Email confirmed!',
  signedOut: 'You have signed out successfully',
  passwordChanged: 'Password changed',
  codeSent: 'We have sent a new code to your email.',
  resetLinkSent: 'Check your email: we have sent a link to reset your password.',
  passwordSet: 'Your new password is set. Sign in with it.',
  languageChanged: 'Language: English',
  sessionExpired: 'Your session has expired. Please sign in again.',
  error: 'Something went wrong. Please try again.',
  close: 'Close',
} as const
