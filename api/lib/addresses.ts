// Which hosts and addresses are public: what an outgoing request to an address someone else chose (a push
// endpoint, a fediverse actor, a calendar to import) may reach. ipaddr.js keeps the IANA special-purpose
// registries (documentation, CGNAT, benchmarking, NAT64, 6to4, Teredo, ULA…); only its `unicast` range is
// ordinary public address space, so a range nobody listed by hand is refused rather than let through.
import ipaddr from 'ipaddr.js'

/** Whether an IP address (v4 or v6 text, brackets allowed) is ordinary public unicast. Not an address: false. */
export function isPublicAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '')
  if (!ipaddr.isValid(ip)) return false
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is.
  return ipaddr.process(ip).range() === 'unicast'
}

/** Whether a URL's host names this machine or a non-public network by itself (before any DNS lookup). */
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
  return ipaddr.isValid(host) && !isPublicAddress(host)
}
