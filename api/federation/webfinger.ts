// Asking other servers' WebFinger: the actor a handle names, and where a reader's own server lets them follow ours.
import { HttpError } from '../lib/errors'
import { type OutboundFetch, urlProblem } from '../lib/outbound-fetch'

interface WebFingerLink {
  rel?: unknown
  type?: unknown
  href?: unknown
  template?: unknown
}

const OSTATUS_SUBSCRIBE = 'http://ostatus.org/schema/1.0/subscribe'

export function createWebFinger(remoteFetch: OutboundFetch, allowPrivate: boolean) {
  const scheme = allowPrivate ? 'http' : 'https'

  /** `acct:user@server` on its server: the answer's status and links, null when not JSON (a network failure throws). */
  async function lookUp(
    user: string,
    server: string,
  ): Promise<{ status: number; links: WebFingerLink[] | null }> {
    const answer = await remoteFetch(
      `${scheme}://${server.toLowerCase()}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${user}@${server}`)}`,
      { headers: { accept: 'application/jrd+json, application/json' } },
    )
    if (!answer.ok) return { status: answer.status, links: [] }
    const json = (await answer.json().catch(() => null)) as { links?: unknown } | null
    return { status: answer.status, links: json ? (Array.isArray(json.links) ? json.links : []) : null }
  }

  /** The actor id a handle (`@events@gancio.example`, `events@gancio.example`) names. */
  async function actorUrlOf(handle: string): Promise<URL> {
    const [user, server] = handle.trim().replace(/^@/, '').split('@')
    if (!user || !server) throw new HttpError(400, 'remoteHandleInvalid', { handle: ['remoteHandleInvalid'] })
    let answer: Awaited<ReturnType<typeof lookUp>>
    try {
      answer = await lookUp(user, server)
    } catch {
      throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    }
    if (answer.status === 404 || answer.status === 410)
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    if (answer.status >= 300)
      throw new HttpError(422, 'remoteActorUnreachable', { handle: ['remoteActorUnreachable'] })
    const self = (answer.links ?? []).find(
      (l) =>
        l.rel === 'self' &&
        typeof l.href === 'string' &&
        /activity\+json|ld\+json/.test(String(l.type ?? '')),
    )
    const href = typeof self?.href === 'string' ? self.href : null
    if (!href || !URL.canParse(href) || urlProblem(new URL(href), allowPrivate))
      throw new HttpError(404, 'remoteAccountNotFound', { handle: ['remoteAccountNotFound'] })
    return new URL(href)
  }

  /**
   * Where a reader's own server (`@me@mastodon.social`, or just `mastodon.social`) lets them follow `actorUrl`: its
   * OStatus subscribe template, else Mastodon's /authorize_interaction; null when their server does not answer.
   */
  async function remoteFollowUrl(account: string, actorUrl: string): Promise<string | null> {
    const bare = account.replace(/^@/, '')
    const [user, server] = bare.includes('@') ? bare.split('@') : [null, bare]
    const base = `${scheme}://${server!.toLowerCase()}`
    const fallback = `${base}/authorize_interaction?uri=${encodeURIComponent(actorUrl)}`
    if (!user) return fallback
    try {
      const answer = await lookUp(user, server!)
      if (answer.status === 404) return fallback
      if (answer.status >= 300 || !answer.links) return null
      const template = answer.links.find((l) => l.rel === OSTATUS_SUBSCRIBE && typeof l.template === 'string')
        ?.template as string | undefined
      if (!template) return fallback
      const url = new URL(template.replace('{uri}', encodeURIComponent(actorUrl)))
      // Only a page of their own server over http(s): never a script or another site.
      return (url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:')) &&
        url.host === new URL(base).host
        ? url.href
        : fallback
    } catch {
      return null
    }
  }

  return { actorUrlOf, remoteFollowUrl }
}
