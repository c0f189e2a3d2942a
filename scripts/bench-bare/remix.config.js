// The bare Remix v2 page `npm run bench` measures the web against: the app's own future flags and server
// setup, one route, one loader, ~40 elements. Built by scripts/bench.ts into .cache/bench/bare.
import app from '../../remix.config.js'

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  cacheDirectory: '../../.cache/bench/bare/remix-cache',
  serverBuildPath: '../../.cache/bench/bare/build/index.js',
  assetsBuildDirectory: '../../.cache/bench/bare/public/build',
  future: app.future,
}
