// React 18 does not know `fetchPriority` as a prop; the lowercase attribute passes through to the HTML.
/** Spread on an `<img>` that is the page's largest paint: the browser fetches it before other images. */
export const PRIORITY = { fetchpriority: 'high' } as Record<string, string>
