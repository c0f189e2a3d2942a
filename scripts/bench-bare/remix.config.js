// The bare Remix v2 page `npm run bench` measures the web against: the same future flags and server setup as
// the app, one route, one loader, ~20 elements. Built by scripts/bench.ts into .cache/bench/bare.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  serverBuildPath: '../../.cache/bench/bare/build/index.js',
  assetsBuildDirectory: '../../.cache/bench/bare/public/build',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
}
