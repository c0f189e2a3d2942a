// Runs after every `npm install` / `npm ci` (package.json "postinstall"): small, checked edits to installed
// packages, each with a decision that says why. Idempotent; fails loudly when a package no longer has the
// text an edit expects (an upgrade: look at the edit again, or drop it when the package does it itself).
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** @type {{ file: string; why: string; marker: string; edits: [from: string, to: string][] }[]} */
const PATCHES = [
  {
    // docs/decisions/027-cached-route-matching.md. Node loads this CommonJS build; browsers get dist/router.js,
    // whose route tree grows as routes are discovered, and stay as they are.
    file: 'node_modules/@remix-run/router/dist/router.cjs.js',
    why: 'route matching flattens, ranks and compiles ~70 routes on each of 5 matches per page',
    marker: '/* nearby: cached route matching, branch pre-check, first-segment index (docs/decisions/027, 054) */',
    edits: [
      [
        '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n',
        // The server's route trees never change once made: rank each tree's branches once.
        '  let branches = rankedBranches.get(routes);\n' +
          '  if (!branches) {\n' +
          '    branches = flattenRoutes(routes);\n' +
          '    rankRouteBranches(branches);\n' +
          '    rankedBranches.set(routes, branches);\n' +
          '  }\n',
      ],
      [
        '  for (let i = 0; matches == null && i < branches.length; ++i) {\n',
        // Only the branches whose first segment can be the path's are tried (decision 054): a page's path
        // was tested against every one of ~150 branches, five times per page, when it matched none.
        '  let candidates = allowPartial ? branches : candidateBranches(branches, decoded);\n' +
          '  for (let i = 0; matches == null && i < candidates.length; ++i) {\n',
      ],
      [
        '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n',
        // Most branches fail, and each failure matched the root's path, built its match and then failed the
        // next segment: one test of the branch's whole path (the same expression the last segment uses,
        // so never stricter) skips them without building anything.
        '    if (!allowPartial && !branchMayMatch(candidates[i], decoded)) continue;\n' +
          '    matches = matchRouteBranch(candidates[i], decoded, allowPartial);\n',
      ],
      [
        'function compilePath(path, caseSensitive, end) {\n',
        // A route path's regular expression depends on the path and two flags only: make each once.
        'const rankedBranches = new WeakMap();\n' +
          // Per ranked branch list, by a path's first segment (lower case): the branches, in rank order, that
          // may match a path starting with it. A branch whose first segment is static (case-insensitive, plain
          // characters) only matches paths whose first segment is that one; every other branch (the root and
          // index routes, a dynamic, optional or splat first segment, a case-sensitive route) is always tried.
          'const candidatesBySegment = new WeakMap();\n' +
          'function candidateBranches(branches, pathname) {\n' +
          '  let index = candidatesBySegment.get(branches);\n' +
          '  if (!index) candidatesBySegment.set(branches, index = new Map());\n' +
          '  let segment = pathname.replace(/^\\/+/, "").split("/")[0].toLowerCase();\n' +
          '  let candidates = index.get(segment);\n' +
          '  if (!candidates) {\n' +
          '    candidates = branches.filter((branch) => {\n' +
          '      let first = branch.path.replace(/^\\/+/, "").split("/")[0];\n' +
          '      if (first === "" || /[^\\w.~-]/.test(first) || branch.routesMeta.some((meta) => meta.caseSensitive)) return true;\n' +
          '      return first.toLowerCase() === segment;\n' +
          '    });\n' +
          '    if (index.size < 1000) index.set(segment, candidates);\n' +
          '  }\n' +
          '  return candidates;\n' +
          '}\n' +
          'const branchPatterns = new WeakMap();\n' +
          'function branchMayMatch(branch, pathname) {\n' +
          '  let pattern = branchPatterns.get(branch);\n' +
          '  if (pattern === undefined) {\n' +
          '    pattern = branch.routesMeta.some((meta) => meta.caseSensitive) ? null : compilePath(branch.path, false, true)[0];\n' +
          '    branchPatterns.set(branch, pattern);\n' +
          '  }\n' +
          '  return pattern === null || pattern.test(pathname);\n' +
          '}\n' +
          'const compiledPaths = new Map();\n' +
          'function compilePath(path, caseSensitive, end) {\n' +
          '  const key = path + "\\u0000" + caseSensitive + "\\u0000" + end;\n' +
          '  let compiled = compiledPaths.get(key);\n' +
          '  if (!compiled) {\n' +
          '    compiled = compilePathOnce(path, caseSensitive, end);\n' +
          '    if (compiledPaths.size < 1000) compiledPaths.set(key, compiled);\n' +
          '  }\n' +
          '  return compiled;\n' +
          '}\n' +
          'function compilePathOnce(path, caseSensitive, end) {\n',
      ],
    ],
  },
  {
    // docs/decisions/054-server-cost-per-page.md. The static render rebuilt the whole route tree per page, so the
    // ranked branches above were made anew for it (and for the manifest sent to the browser) on every page.
    file: 'node_modules/@remix-run/react/dist/server.js',
    why: "the static render made the build's route tree anew on every page",
    marker: '/* nearby: one server route tree per build (docs/decisions/054) */',
    edits: [
      [
        '  let routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n',
        // Made from the build's manifest and route modules only, both the same for every request of a build.
        '  let routes$1 = serverRouteTrees.get(manifest.routes);\n' +
          '  if (!routes$1) {\n' +
          '    routes$1 = routes.createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);\n' +
          '    serverRouteTrees.set(manifest.routes, routes$1);\n' +
          '  }\n',
      ],
      ['function RemixServer({\n', 'const serverRouteTrees = new WeakMap();\nfunction RemixServer({\n'],
    ],
  },
  {
    // docs/decisions/054-server-cost-per-page.md. <Scripts> inlines the part of the route manifest a page needs
    // (lazy route discovery), found by matching the page's route and each of its path's ancestors anew, and
    // pretty-printed, on every page. It depends on the build, the page's routes and those ancestors only.
    file: 'node_modules/@remix-run/react/dist/components.js',
    why: 'the inline route manifest was matched and printed anew on every page',
    marker: '/* nearby: the inline route manifest made once per page shape (docs/decisions/054) */',
    edits: [
      [
        '`window.__remixManifest = ${JSON.stringify(fogOfWar.getPartialManifest(manifest, router), null, 2)};`',
        '`window.__remixManifest = ${partialManifestJson(manifest, router)};`',
      ],
      [
        'function Scripts(props) {\n',
        'const partialManifestJsons = new WeakMap();\n' +
          'function partialManifestJson(manifest, router) {\n' +
          '  // getPartialManifest reads the matched routes and the ancestors of the path (its last segment dropped).\n' +
          '  let ancestors = router.state.location.pathname.split("/").filter(Boolean).slice(0, -1).join("/");\n' +
          '  let key = router.state.matches.map(match => match.route.id).join("\\u0000") + "\\u0001" + ancestors;\n' +
          '  let jsons = partialManifestJsons.get(manifest);\n' +
          '  if (!jsons) partialManifestJsons.set(manifest, jsons = new Map());\n' +
          '  let json = jsons.get(key);\n' +
          '  if (json === undefined) {\n' +
          '    json = JSON.stringify(fogOfWar.getPartialManifest(manifest, router), null, 2);\n' +
          '    if (jsons.size < 1000) jsons.set(key, json);\n' +
          '  }\n' +
          '  return json;\n' +
          '}\n' +
          'function Scripts(props) {\n',
      ],
    ],
  },
  {
    // docs/decisions/054-server-cost-per-page.md. Before each loader and action, Remix removes its own `index` and
    // `_routes` parameters from the URL by building a new Request — two per loader, four per page — also when the
    // URL has neither. With nothing to remove, the loader gets the request as it came (the same URL, method,
    // headers, body and signal).
    file: 'node_modules/@remix-run/server-runtime/dist/data.js',
    why: 'two Requests were built per loader to remove URL parameters that were not there',
    marker: '/* nearby: no new Request when there is no parameter to remove (docs/decisions/054) */',
    edits: [
      ['function stripIndexParam(request) {\n', 'function stripIndexParam(request) {\n  if (!request.url.includes("index")) return request;\n'],
      ['function stripRoutesParam(request) {\n', 'function stripRoutesParam(request) {\n  if (!request.url.includes("_routes")) return request;\n'],
    ],
  },
  {
    // docs/decisions/054-server-cost-per-page.md: the static router's data routes, made once per route tree.
    file: 'node_modules/react-router-dom/server.js',
    why: 'the static router converted the route tree to data routes on every page',
    marker: '/* nearby: data routes once per route tree (docs/decisions/054) */',
    edits: [
      [
        '  let manifest = {};\n  let dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest);\n',
        // A pure function of the tree; nothing on the server changes a static router's routes (patchRoutes throws).
        '  let converted = dataRouteTrees.get(routes);\n' +
          '  if (!converted) {\n' +
          '    let manifest = {};\n' +
          '    converted = { manifest, dataRoutes: router.UNSAFE_convertRoutesToDataRoutes(routes, reactRouter.UNSAFE_mapRouteProperties, undefined, manifest) };\n' +
          '    dataRouteTrees.set(routes, converted);\n' +
          '  }\n' +
          '  let { manifest, dataRoutes } = converted;\n',
      ],
      ['function createStaticRouter(routes, context, opts = {}) {\n', 'const dataRouteTrees = new WeakMap();\nfunction createStaticRouter(routes, context, opts = {}) {\n'],
    ],
  },
  {
    // docs/decisions/039-federation.md (safety). Fedify 2.3 posts deliveries through doubleKnock(), which follows
    // redirects itself (up to 20, each a re-signed POST of the body to wherever it points, a private address
    // included: no validateRedirect is passed for deliveries) and has no timeout of its own. Nothing in
    // createFederation() sets either. An inbox that redirects is a failed delivery (retried, then given up), and each
    // try has 30 s. The chunk's name changes with each release: found by its content.
    file: 'node_modules/@fedify/fedify/dist/middleware-*.js',
    why: 'deliveries followed redirects and had no timeout of their own',
    marker: '/* nearby: deliveries without redirects, with a timeout (docs/decisions/039) */',
    edits: [
      [
        '\t\tresponse = rsaKey == null ? await fetch(request) : await doubleKnock(request, rsaKey, {\n\t\t\ttracerProvider,\n\t\t\tspecDeterminer\n\t\t});\n',
        "\t\tresponse = rsaKey == null ? await fetch(request, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }) : await doubleKnock(request, rsaKey, {\n\t\t\ttracerProvider,\n\t\t\tspecDeterminer,\n\t\t\tmaxRedirection: 0,\n\t\t\tsignal: AbortSignal.timeout(30_000)\n\t\t});\n",
      ],
    ],
  },
  {
    // docs/decisions/045-utf8-bundles.md. esbuild prints non-ASCII characters as \uXXXX unless told `charset: 'utf8'`,
    // and Remix's classic compiler does not let its config say so: each Cyrillic letter of the Russian texts cost
    // 6 bytes instead of 2 to download and parse. Browsers read module scripts as UTF-8 whatever the headers say.
    file: 'node_modules/@remix-run/dev/dist/compiler/js/compiler.js',
    why: 'the browser bundle spelled every non-ASCII character as a \\u escape',
    marker: '/* nearby: browser bundle in UTF-8 (docs/decisions/045) */',
    edits: [['    minify: ctx.options.mode === "production",\n', '    minify: ctx.options.mode === "production",\n    charset: "utf8",\n']],
  },
]

let failed = false
/** The file a patch names; a `*` in its name (a bundler's chunk) is the one file there holding the text to edit. */
function resolve(patch) {
  const wanted = path.join(root, patch.file)
  if (!path.basename(wanted).includes('*')) return fs.existsSync(wanted) ? wanted : null
  const dir = path.dirname(wanted)
  if (!fs.existsSync(dir)) return null
  const [before, after] = path.basename(wanted).split('*')
  const found = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(before) && name.endsWith(after))
    .map((name) => path.join(dir, name))
    .filter((file) => {
      const text = fs.readFileSync(file, 'utf8')
      return text.includes(patch.marker) || text.includes(patch.edits[0][0])
    })
  // None (the text moved) is reported below as a file without the text to edit.
  return found.length === 1 ? found[0] : path.join(dir, `${before}?${after}`)
}

for (const patch of PATCHES) {
  const file = resolve(patch)
  // Not installed (a partial install): nothing to edit. A package that is there without the file has changed.
  const pkg = patch.file.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
  if (!file || !fs.existsSync(file)) {
    if (pkg && fs.existsSync(path.join(root, 'node_modules', pkg, 'package.json'))) {
      console.error(`patch-dependencies: ${patch.file} is gone from ${pkg} (${patch.why}); see the decision it names.`)
      failed = true
    }
    continue
  }
  let text = fs.readFileSync(file, 'utf8')
  if (text.includes(patch.marker)) continue
  const missing = patch.edits.filter(([from]) => text.split(from).length !== 2)
  if (missing.length > 0) {
    console.error(`patch-dependencies: ${patch.file} does not have the text to edit (${patch.why}); see the decision it names.`)
    failed = true
    continue
  }
  for (const [from, to] of patch.edits) text = text.replace(from, () => to)
  fs.writeFileSync(file, `${patch.marker}\n${text}`)
  console.log(`patch-dependencies: ${patch.file} (${patch.why})`)
}
process.exit(failed ? 1 : 0)
