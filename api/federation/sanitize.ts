// Remote HTML and values made safe to keep and show.
//
// Remote HTML (an event's `content` from another server) is kept only as a safe subset (decision 040): paragraphs,
// line breaks, emphasis, lists, quotes and links to http(s) pages, which open in a new tab and pass no referrer or
// ranking. No scripts, styles, attributes of our own pages' (class, id, on*), images, forms or frames.
import sanitizeHtml from 'sanitize-html'

const SAFE_SUBSET: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  // Headings become paragraphs: a remote event's text must not outrank the page's own headings.
  transformTags: {
    h1: 'p',
    h2: 'p',
    h3: 'p',
    h4: 'p',
    h5: 'p',
    h6: 'p',
    div: 'p',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'nofollow noopener noreferrer ugc', target: '_blank' },
    }),
  },
  // What a dropped element held is dropped with it (a script's or a style's text is not shown as words).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'head'],
}
// rel and target are ours, set above; sanitize-html checks attributes after transforming, so allow them there.
SAFE_SUBSET.allowedAttributes = { a: ['href', 'rel', 'target'] }

/** Remote HTML as the safe subset above; at most `maxLength` characters of it are read. */
export function sanitizeRemoteHtml(html: string, maxLength = 50_000): string {
  return sanitizeHtml(html.slice(0, maxLength), SAFE_SUBSET).trim()
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** Remote HTML as plain text: paragraphs and line breaks kept as blank lines and new lines, no markup. */
export function remoteHtmlToText(html: string, maxLength = 50_000): string {
  const marked = html
    .slice(0, maxLength)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|blockquote|pre|ul|ol)>/gi, '\n\n')
    .replace(/<\/li>/gi, '\n')
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {}, nonTextTags: SAFE_SUBSET.nonTextTags })
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** A remote document's value as text (a name, a summary): empty when absent. */
export const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value))
