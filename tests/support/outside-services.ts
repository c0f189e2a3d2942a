// The services outside this machine, faked on loopback for the browser tests (one file per service):
// `tsx tests/support/outside-services.ts --geocoder-port N --tiles-port M --fediverse-port F`.
import { parseArgs } from 'node:util'
import { startFakeFediverseServer } from './fediverse-server'
import { startFakeNominatim } from './nominatim'
import { startFakeTiles } from './tiles'

const { values } = parseArgs({
  options: { 'geocoder-port': { type: 'string' }, 'tiles-port': { type: 'string' }, 'fediverse-port': { type: 'string' } },
})
const geocoder = await startFakeNominatim(Number(values['geocoder-port'] ?? 0))
const tiles = await startFakeTiles(Number(values['tiles-port'] ?? 0))
const fediverse = await startFakeFediverseServer(Number(values['fediverse-port'] ?? 0))
console.log(`fake geocoder ${geocoder.url}, fake tiles ${tiles.url}, fake fediverse server ${fediverse.host}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void Promise.all([geocoder.close(), tiles.close(), fediverse.close()]).then(() => process.exit(0)))
