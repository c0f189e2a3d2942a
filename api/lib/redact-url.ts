// Secrets that travel in a URL never reach the logs: the personal calendar feed's token in the path
// (decision 029) and any token, code or password in the query. The router decodes and tolerates other
// spellings of a path (`/calendar/%66eed/…`, `//calendar/feed/…`), so the match is made on the path as the
// router reads it — percent-decoded, slashes collapsed, dot segments resolved, any case — never on the text as
// sent. A secret path is logged in that normal form with the secret replaced, not in the client's spelling.

/** Query fields whose values are secrets, however they are cased or suffixed (`resetToken`, `code_verifier`). */
const SECRET_FIELD = /token|code|password|secret|credential|link|signature/i

/** The personal feed, on the normalised path: everything after `/calendar/feed/` is the secret. */
const SECRET_PATH = /^(\/calendar\/feed)(?:\/|$)/i

const REDACTED = '[redacted]'

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt)
  const rawQuery = queryAt === -1 ? null : url.slice(queryAt + 1)
  const path = normalisePath(rawPath)
  const secretPath = SECRET_PATH.exec(path)
  // Other paths are logged as sent: decoding them would only let escaped control characters into the log.
  const loggedPath = secretPath ? `${secretPath[1]}/${REDACTED}` : rawPath
  return rawQuery === null ? loggedPath : `${loggedPath}?${redactQuery(rawQuery)}`
}

/** The path as a router sees it: decoded (twice-encoded too), `//` as `/`, `.` and `..` resolved. */
function normalisePath(rawPath: string): string {
  let path = rawPath
  // A few rounds undo double encoding (`%2566eed`); a string that will not decode stays as it is.
  for (let round = 0; round < 3 && path.includes('%'); round++) {
    const decoded = safeDecode(path)
    if (decoded === path) break
    path = decoded
  }
  const segments: string[] = []
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    // A matrix parameter (`feed;x=1`) is not part of the segment's name.
    const name = segment.split(';')[0]
    if (name === '' || name === '.') continue
    if (name === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = safeDecode((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '))
      if (!SECRET_FIELD.test(name)) return pair
      return `${eq === -1 ? pair : pair.slice(0, eq)}=${REDACTED}`
    })
    .join('&')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    // Broken escapes: decode the ones that are whole, keep the rest as sent.
    return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
  }
}
