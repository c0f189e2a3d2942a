// The terminal's log lines (LOG_FORMAT=pretty): one line per request, readable errors.
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createPrettyStream } from '../../api/lib/pretty-log'

function run(lines: object[]): Promise<string> {
  const out = new PassThrough()
  let text = ''
  out.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const stream = createPrettyStream(out)
  return new Promise((resolve) => {
    // pino may cut a line across writes: the stream joins them.
    const joined = lines.map((line) => JSON.stringify(line)).join('\n') + '\n'
    stream.write(joined.slice(0, 25))
    stream.end(joined.slice(25), () => resolve(text))
  })
}

describe('pretty logs', () => {
  it('turn a request into one short line with method, URL, status and time', async () => {
    const time = new Date(2026, 10, 24, 12, 0, 1).getTime()
    const text = await run([
      { level: 30, time, reqId: 'req-1', msg: 'incoming request', req: { method: 'GET', url: '/event/all?page=2' } },
      { level: 30, time, reqId: 'req-1', msg: 'request completed', res: { statusCode: 200 }, responseTime: 12.4 },
    ])
    expect(text).toBe('12:00:01  api GET /event/all?page=2 → 200  12 ms\n')
  })

  it('show an error with its level, message, fields and stack', async () => {
    const time = new Date(2026, 10, 24, 9, 5, 7).getTime()
    const text = await run([
      { level: 50, time, msg: 'job failed', job: 'purge-deleted-accounts', err: { message: 'boom', stack: 'Error: boom\n    at run (jobs.ts:1:1)' } },
    ])
    expect(text).toBe('09:05:07  api ERROR job failed  job=purge-deleted-accounts\nError: boom\n    at run (jobs.ts:1:1)\n')
  })

  it('pass through a line that is not JSON', async () => {
    const out = new PassThrough()
    let text = ''
    out.on('data', (chunk: Buffer) => (text += chunk.toString()))
    await new Promise<void>((resolve) => createPrettyStream(out).end('plain text\n', () => resolve()))
    expect(text).toBe('plain text\n')
  })
})
