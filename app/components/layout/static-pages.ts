// The static text pages (SPEC §2 Layout): the footer links them, and the server keeps their HTML per visitor
// kind instead of rendering each request (app/utils/shared-pages.server.ts, docs/decisions/054).
export const STATIC_PAGES = [
  { to: '/docs/deleteAccount', key: 'deleteAccount' },
  { to: '/privacy-policy', key: 'privacyPolicy' },
  { to: '/terms-of-use', key: 'termsOfUse' },
  { to: '/child-safety', key: 'childSafety' },
] as const
