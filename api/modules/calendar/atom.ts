// RFC 4287 Atom: a city's upcoming events for feed readers (decision 029). Entry ids are the event pages'
// URLs (stable), `updated` the post's last change; the text says when and where in the reader's language.
import { DATE_LOCALES, onlineNote } from '#contract'
import { escapeXml } from './xml'
import { type FeedRow, onlineOf } from './service'

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8'

export interface AtomOptions {
  /** The feed's own address (rel="self") and its id. */
  selfUrl: string
  /** The web page of the same list (rel="alternate"). */
  alternateUrl: string
  title: string
  subtitle: string
  language: 'en' | 'ru'
  cancelledLabel: string
  eventUrl(id: string): string
  /** `updated` of a feed without entries. */
  now: Date
}

function when(row: FeedRow, language: 'en' | 'ru'): string {
  const format = new Intl.DateTimeFormat(DATE_LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  return row.start_date ? `${format.format(new Date(row.start_date))} UTC` : ''
}

export function buildAtom(rows: readonly FeedRow[], options: AtomOptions): string {
  const updated = rows.reduce<string | null>((max, r) => (!max || r.updated_at > max ? r.updated_at : max), null)
  const feedUpdated = updated ?? new Date(Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate())).toISOString()
  const out = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${options.language}">`,
    `  <id>${escapeXml(options.selfUrl)}</id>`,
    `  <title>${escapeXml(options.title)}</title>`,
    `  <subtitle>${escapeXml(options.subtitle)}</subtitle>`,
    `  <updated>${feedUpdated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(options.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(options.alternateUrl)}"/>`,
    '  <generator>Nearby</generator>',
  ]
  for (const row of rows) {
    const url = options.eventUrl(row.id)
    const title = row.cancelled_at ? `${options.cancelledLabel}: ${row.title}` : row.title
    // A public feed: the link to take part only when the organizer shows it to everyone.
    const online = onlineOf(row, options.language, false)
    const summary = [when(row, options.language), online?.mode === 'ONLINE' ? null : row.address, online ? onlineNote(online) : null, row.cancelled_at ? [options.cancelledLabel, row.cancel_message].filter(Boolean).join(': ') : null, row.description]
      .filter(Boolean)
      .join('\n')
    out.push(
      '  <entry>',
      `    <id>${escapeXml(url)}</id>`,
      `    <title>${escapeXml(title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <published>${row.created_at}</published>`,
      `    <updated>${row.updated_at}</updated>`,
      `    <author><name>${escapeXml(row.organizer || 'Nearby')}</name></author>`,
      ...row.categories.map((c) => `    <category term="${escapeXml(c)}"/>`),
      `    <summary type="text">${escapeXml(summary)}</summary>`,
      '  </entry>',
    )
  }
  out.push('</feed>')
  return out.join('\n') + '\n'
}
