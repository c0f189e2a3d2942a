// Redirect targets an attacker would try (issue: open redirect after sign-in), shared by the unit test of
// the rule and the browser test of every route that takes a target. Each must fall back to a default path.
// Values are as the server reads them (query- or form-decoded): `/%09/` in a URL arrives as the tab case.
export const HOSTILE_REDIRECTS: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'tab between slashes', value: '/\t/evil.example/phish' },
  { name: 'line feed', value: '/\n/evil.example/phish' },
  { name: 'carriage return', value: '/\r/evil.example/phish' },
  { name: 'NUL', value: '/\u0000/evil.example' },
  { name: 'backslash', value: '\\evil.example' },
  { name: 'slash backslash', value: '/\\evil.example' },
  { name: 'protocol-relative', value: '//evil.example/phish' },
  { name: 'encoded slashes (decoded once by the query)', value: '%2F%2Fevil.example' },
  { name: 'dot segment to protocol-relative', value: '/..//evil.example' },
  { name: 'https scheme', value: 'https://evil.example/' },
  { name: 'scheme only', value: 'https:evil.example' },
  { name: 'javascript scheme', value: 'javascript:alert(document.domain)' },
  { name: 'a 10,000-character value', value: `/${'a'.repeat(10_000)}` },
]

/** True when `location` (a Location header, or a browser URL) stays on `origin`. */
export function staysOn(origin: string, location: string | null): boolean {
  if (location === null) return false
  try {
    return new URL(location, origin).origin === new URL(origin).origin
  } catch {
    return false
  }
}
