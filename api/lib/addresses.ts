// Which hosts and addresses are this machine's or its network's: what an outgoing request to an address that
// someone else chose (a push endpoint, a fediverse actor) must never reach (SSRF).
import { isIP } from 'node:net'

/** Whether an IP address (v4 or v6 text) is loopback, private, link-local, carrier-grade NAT or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').toLowerCase()
  const kind = isIP(ip)
  if (kind === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number)
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 198 && (b === 18 || b === 19))
    )
  }
  if (kind === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)
    if (mapped) return isPrivateAddress(mapped[1]!)
    return (
      ip === '::1' ||
      ip === '::' ||
      /^f[cd]/.test(ip) ||
      /^fe[89ab]/.test(ip) ||
      ip.startsWith('::ffff:') ||
      ip.startsWith('ff')
    )
  }
  return false
}

/** Whether a URL's host names this machine or a private network by itself (before any DNS lookup). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '')
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true
  return isIP(host) !== 0 && isPrivateAddress(host)
}
