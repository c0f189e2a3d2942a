// Our actors' key pairs (RSA for HTTP signatures, Ed25519 for object proofs): stored, made on first need.
import { exportJwk, type Federation, generateCryptoKeyPair, importJwk } from '@fedify/fedify'
import { nowIso } from '../db'
import { parseActorIdentifier } from './actors'
import { INSTANCE_ACTOR, type FederationDeps } from './deps'
import type { SigningIdentity } from './documents'

export type Keys = ReturnType<typeof createKeys>

/** `federation` is asked for lazily: the keys sign the loader the federation is made with. */
export function createKeys(
  { db, origin, actors }: Pick<FederationDeps, 'db' | 'origin' | 'actors'>,
  federation: () => Federation<void>,
) {
  async function keyPairsOf(identifier: string, mayCreate: () => Promise<boolean>): Promise<CryptoKeyPair[]> {
    const stored = await db
      .selectFrom('federation_keys')
      .select(['algorithm', 'private_jwk', 'public_jwk'])
      .where('actor', '=', identifier)
      .execute()
    const pairs: CryptoKeyPair[] = []
    for (const algorithm of ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const) {
      let row = stored.find((r) => r.algorithm === algorithm)
      if (!row) {
        if (!(await mayCreate())) return []
        // Made on first need; two instances making one at once keep the first stored.
        const pair = await generateCryptoKeyPair(algorithm)
        await db
          .insertInto('federation_keys')
          .values({
            actor: identifier,
            algorithm,
            private_jwk: JSON.stringify(await exportJwk(pair.privateKey)),
            public_jwk: JSON.stringify(await exportJwk(pair.publicKey)),
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(['actor', 'algorithm']).doNothing())
          .execute()
        row = await db
          .selectFrom('federation_keys')
          .select(['algorithm', 'private_jwk', 'public_jwk'])
          .where('actor', '=', identifier)
          .where('algorithm', '=', algorithm)
          .executeTakeFirstOrThrow()
      }
      pairs.push({
        privateKey: await importJwk(JSON.parse(row.private_jwk) as JsonWebKey, 'private'),
        publicKey: await importJwk(JSON.parse(row.public_jwk) as JsonWebKey, 'public'),
      })
    }
    return pairs
  }

  /** Once per process, forgotten when it failed (the next call tries again). */
  function once<T>(make: () => Promise<T>): () => Promise<T> {
    let value: Promise<T> | null = null
    return () => {
      value ??= make()
      value.catch(() => {
        value = null
      })
      return value
    }
  }

  // The instance actor's keys never change once made: read once per process (each shared-inbox delivery asks).
  const instanceKeyPairs = once(() => keyPairsOf(INSTANCE_ACTOR, async () => true))

  /** The instance actor's RSA key and its id, as its document publishes them. */
  const instanceIdentity = once(async (): Promise<SigningIdentity> => {
    const pairs = await federation().createContext(new URL(origin)).getActorKeyPairs(INSTANCE_ACTOR)
    const rsa = pairs.find((p) => p.privateKey.algorithm.name === 'RSASSA-PKCS1-v1_5')
    if (!rsa) throw new Error('federation: the instance actor has no RSA key')
    return { keyId: rsa.keyId, privateKey: rsa.privateKey }
  })

  /**
   * The key pairs Fedify asks for. Stored keys are used as they are (a deleted account still signs its Deletes);
   * new ones are made only for an actor that exists, so a request for an unknown identifier makes none.
   */
  function pairsOf(identifier: string): Promise<CryptoKeyPair[]> {
    if (identifier === INSTANCE_ACTOR) return instanceKeyPairs()
    const ref = parseActorIdentifier(identifier)
    if (!ref) return Promise.resolve([])
    return keyPairsOf(identifier, async () => !!(await actors.handleOf(ref)))
  }

  return { instanceIdentity, pairsOf }
}
