// The one rule for every redirect target a request can carry (sign-in's redirectTo, the follow, notification,
// language and banner forms, the guard screen's sign-in link). Browsers drop tabs and line feeds inside a URL
// and read `\` as `/`, so `/\t/evil.example` or `/\evil.example` would leave the site: anything with a control
// character, a backslash, a scheme or a host is refused, and what is left must resolve on our own origin.

/** A made-up origin to resolve against: a target is safe when resolving it does not change the origin. */
const OWN_ORIGIN = 'http://nearby.invalid'
/** Longer targets are not ours (our own paths are far shorter) and make oversized Location headers. */
const MAX_TARGET_LENGTH = 2048

/** C0 and C1 control characters (browsers strip or choke on them) and the backslash (read as `/`). */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true
  }
  return false
}

/** `to` when it is a path on this site, else `fallback`. The answer is ASCII (safe in a Location header). */
export function safeRedirect(to: unknown, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > MAX_TARGET_LENGTH) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || hasUnsafeCharacter(to)) return fallback
  let url: URL
  try {
    url = new URL(to, OWN_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== OWN_ORIGIN) return fallback
  const path = `${url.pathname}${url.search}${url.hash}`
  // Resolving removes dot segments (`/./evil`); what it gives must still be a plain path.
  return path.startsWith('//') ? fallback : path
}
