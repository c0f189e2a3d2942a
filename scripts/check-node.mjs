// Stops `npm start`, `npm test` and `npm run dev` on a Node older than package.json's engines, saying what to do
// (an install made on Node 26 would otherwise fail later with a less helpful error).
import fs from 'node:fs'

const wanted = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node
const oldest = Number(/(\d+)/.exec(wanted)[1])
const major = Number(process.versions.node.split('.')[0])
if (major < oldest) {
  console.error(
    `Nearby needs Node ${wanted}; this shell runs Node ${process.version}.\n` +
      'Run `. scripts/use-node.sh` in this shell first (it fetches Node 26 from the npm registry when needed).',
  )
  process.exit(1)
}
