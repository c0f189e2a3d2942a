// The app's scripts start after the first paint and the page's first photo (issue 29, decision 036). Remix's
// <Scripts> writes the page's modules as `<link rel="modulepreload">` and starts the app with an inline
// `<script type="module">`: a browser fetches all of them at once, at high priority, while the stylesheet
// and the first photo are still on their way, and on a slow line the page stayed blank until they were in
// (Lighthouse mobile: first paint 2.4–2.9 s, 0.8 s for a page without scripts). So the server writes both
// inert (page-stream.server.ts renames the link's rel and the script's type), and the small inline script
// below, once the page has painted and its first photo is in, gives them back their names: the browser then
// fetches the modules and the app hydrates as before. React does not compare these attributes when it
// hydrates, and by then they are what it rendered. Without JavaScript nothing changes: the page works as is.

/** The inert `rel` of a module preload until the page has painted. */
export const INERT_PRELOAD_REL = 'x-modulepreload-after-paint'
/** The inert `type` of the module script that starts the app, until the page has painted. */
export const INERT_MODULE_TYPE = 'x-module-after-paint'
/** The longest the app waits for the first paint and photo (a background tab does not paint; a slow line). */
export const SCRIPTS_WAIT_MS = 3000

/**
 * The inline script, rendered after <Scripts>. It waits for the browser's first contentful paint (Paint
 * Timing; two animation frames where that is missing) and for the photo marked `fetchpriority="high"` (the
 * page's largest paint, components/ui/image.ts). A module script's type cannot be changed once the parser has
 * passed it, so a copy with the same text and nonce is run, and removed at once: the page's elements stay
 * those React hydrates.
 */
export const START_SCRIPTS_AFTER_PAINT = `(function () {
  var started = false;
  var waiting = 2;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function (link) {
      link.rel = 'modulepreload';
    });
    var inert = document.querySelector('script[type="${INERT_MODULE_TYPE}"]');
    if (!inert) return;
    inert.type = 'module';
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = inert.nonce;
    script.textContent = inert.textContent;
    document.body.appendChild(script);
    script.remove();
  }
  function ready() {
    waiting -= 1;
    if (waiting === 0) start();
  }
  setTimeout(start, ${SCRIPTS_WAIT_MS});
  if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    var painted = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      painted.disconnect();
      ready();
    });
    painted.observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(function () { requestAnimationFrame(ready); });
  var photo = document.querySelector('img[fetchpriority="high"]');
  if (photo && !photo.complete) {
    photo.addEventListener('load', ready);
    photo.addEventListener('error', ready);
  } else ready();
})();`
