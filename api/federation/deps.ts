// What the federation's rooms share: the paths, the instance actor's name, and the dependencies object each gets.
import type { Federation } from '@fedify/fedify'
import type { DocumentLoader } from '@fedify/vocab-runtime'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db'
import type { OutboundFetch } from '../lib/outbound-fetch'
import type { ActorRows } from './actors'

export const AP_PATHS = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  event: '/ap/events/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const

/**
 * The instance actor (an `Application` at /ap/actors/instance, as Mastodon has one): the server itself. Its key
 * signs our GETs of remote documents, so servers that answer only signed requests ("authorized fetch") answer us;
 * its document is served to anyone, unsigned, so they can check that key without a signature of their own.
 */
export const INSTANCE_ACTOR = 'instance'

/** What the API lends the federation (a part of its context: the federation never needs the rest). */
export interface FederationHost {
  config: Config
  db: Db
  log: FastifyBaseLogger
  now(): Date
}

/** The dependencies every room is made with (built once in index.ts). */
export interface FederationDeps extends FederationHost {
  federation: Federation<void>
  /** FEDERATION_ORIGIN: where our actors live. */
  origin: string
  /** Tests only (ALLOW_PRIVATE_ADDRESSES): loopback peers over plain http. */
  allowPrivate: boolean
  /** Fetches remote JSON-LD documents through the outbound fetch, signed as the instance actor. */
  loader: DocumentLoader
  /** The outbound fetch for documents (size cap of FEDERATION_MAX_BODY_BYTES). */
  remoteFetch: OutboundFetch
  actors: ActorRows
  /** The web's pages and our photos, as links in what we publish. */
  pages: {
    event(id: string): string
    profile(id: string): string
    city(name: string, country: string): string
    collection(slug: string): string
    group(handle: string): string
    photo(path: string): string
  }
}

/** A server's name as we keep it: the host name, lower case (a block of `example.social` covers its every port). */
export const domainOf = (uri: URL | string) => new URL(uri).hostname.toLowerCase()

/** The Fedify context for work that no request started (publishing, following). */
export const contextOf = (deps: Pick<FederationDeps, 'federation' | 'origin'>) =>
  deps.federation.createContext(new URL(deps.origin))
