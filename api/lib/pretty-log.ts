// Human-readable logs for a terminal (LOG_FORMAT=pretty, or auto on a TTY): pino's JSON lines become one
// short line per request — `12:00:01  api GET /event/all → 200  12 ms` (the web's own lines say `web`) — and other entries become their level,
// message and, for errors, the stack. Elsewhere (files, containers, CI) the API writes JSON lines.
import { Writable } from 'node:stream'

type Entry = {
  level?: number
  time?: number
  msg?: string
  reqId?: string
  req?: { method?: string; url?: string }
  res?: { statusCode?: number }
  responseTime?: number
  err?: { message?: string; stack?: string }
  [key: string]: unknown
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' }
const FIELDS_SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err'])

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8)
}

/** One entry as a line (or a few, for a stack), or null for what a request's line already says. */
export function formatEntry(entry: Entry, requests: Map<string, string>): string | null {
  if (entry.msg === 'incoming request' && entry.reqId) {
    requests.set(entry.reqId, `${entry.req?.method ?? '?'} ${entry.req?.url ?? '?'}`)
    return null
  }
  if (entry.msg === 'request completed' && entry.reqId) {
    const request = requests.get(entry.reqId) ?? '?'
    requests.delete(entry.reqId)
    const ms = entry.responseTime === undefined ? '' : `  ${Math.round(entry.responseTime)} ms`
    return `${clock(entry.time)}  api ${request} → ${entry.res?.statusCode ?? '?'}${ms}`
  }
  const level = LEVELS[entry.level ?? 30] ?? 'INFO'
  const extra = Object.entries(entry)
    .filter(([key]) => !FIELDS_SHOWN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const head = `${clock(entry.time)}  api ${level.padEnd(5)} ${entry.msg ?? ''}${extra.length ? `  ${extra.join(' ')}` : ''}`
  return entry.err?.stack ? `${head}\n${entry.err.stack}` : entry.err?.message ? `${head}: ${entry.err.message}` : head
}

/** A pino destination that writes formatted lines to `out`. */
export function createPrettyStream(out: NodeJS.WritableStream = process.stdout): Writable {
  const requests = new Map<string, string>()
  let pending = ''
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8')
      let newline = pending.indexOf('\n')
      while (newline !== -1) {
        const line = pending.slice(0, newline)
        pending = pending.slice(newline + 1)
        let text: string | null = line
        try {
          text = formatEntry(JSON.parse(line) as Entry, requests)
        } catch {
          // not JSON: as it is
        }
        if (text !== null) out.write(`${text}\n`)
        newline = pending.indexOf('\n')
      }
      done()
    },
  })
}
