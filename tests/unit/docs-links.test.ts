// Every relative link in README.md and docs/**/*.md leads somewhere: the file exists, and a `#anchor` (in the same
// file or another Markdown file) names a heading there, by GitHub's rules for heading ids.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** README.md and every Markdown file under docs/, as paths from the repository's root. */
function markdownFiles(): string[] {
  const found = ['README.md']
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(relative)
      else if (entry.name.endsWith('.md')) found.push(relative)
    }
  }
  walk('docs')
  return found.sort()
}

/** GitHub's id for a heading: lower case, punctuation removed, each space a '-' (github-slugger). */
function githubSlug(headingText: string): string {
  return headingText
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

/** A heading's text as GitHub renders it: code spans, links and emphasis reduced to their words. */
function headingText(raw: string): string {
  return raw
    .replace(/\s+#+\s*$/, '') // closing #s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [words](target)
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([^*_~]*?\S)\1/g, '$2')
    .trim()
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text: string): { line: string; number: number }[] {
  const lines: { line: string; number: number }[] = []
  let fence: string | null = null
  text.split('\n').forEach((line, index) => {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
    if (marker) {
      const char = marker[1]!.charAt(0)
      if (fence === null) fence = char
      else if (char === fence) fence = null
      return
    }
    if (fence === null) lines.push({ line, number: index + 1 })
  })
  return lines
}

/** Every anchor a Markdown file offers: its headings' ids (repeats numbered as GitHub does) and HTML ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const { line } of proseLines(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line)
    if (heading) {
      const base = githubSlug(headingText(heading[1]!))
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const html of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(html[1]!)
  }
  return anchors
}

interface Link {
  target: string
  line: number
}

/** Every link target of a Markdown text: [text](target), ![alt](target), [id]: target, and HTML href/src. */
function linksOf(text: string): Link[] {
  const links: Link[] = []
  for (const { line, number } of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '') // a code span is not a link
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1]!, line: number })
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(prose)
    if (definition) links.push({ target: definition[1]!, line: number })
    for (const m of prose.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)) links.push({ target: m[1]!, line: number })
  }
  return links
}

/** What is wrong with each relative link of `files` (paths from `base`), one line each; empty when all lead somewhere. */
function brokenLinks(files: string[], base = root): string[] {
  const problems: string[] = []
  const anchorCache = new Map<string, Set<string>>()
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file)
    if (!anchors) {
      anchors = anchorsOf(fs.readFileSync(path.join(base, file), 'utf8'))
      anchorCache.set(file, anchors)
    }
    return anchors
  }
  for (const file of files) {
    for (const { target, line } of linksOf(fs.readFileSync(path.join(base, file), 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue // https:, mailto:, webcal:…
      const hash = target.indexOf('#')
      const filePart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '')
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1))
      let linked = file
      if (filePart !== '') {
        const decoded = decodeURIComponent(filePart)
        linked = decoded.startsWith('/')
          ? path.posix.normalize(decoded.slice(1))
          : path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded))
        if (linked.startsWith('..') || !fs.existsSync(path.join(base, linked))) {
          problems.push(`${file}:${line} → ${target}: no file ${linked}`)
          continue
        }
      }
      if (anchor === null || anchor === '' || !linked.endsWith('.md')) continue
      if (!anchorsIn(linked).has(anchor)) problems.push(`${file}:${line} → ${target}: no heading "#${anchor}" in ${linked}`)
    }
  }
  return problems
}

describe('links in README.md and docs/', () => {
  it('finds the guides', () => {
    const files = markdownFiles()
    expect(files).toContain('README.md')
    expect(files.filter((f) => f.startsWith('docs/')).length).toBeGreaterThan(0)
  })

  it('every relative link names a file that exists, and every #anchor a heading in it', () => {
    expect(brokenLinks(markdownFiles())).toEqual([])
  })
})

describe('the checker itself', () => {
  it("makes GitHub's heading ids", () => {
    expect(githubSlug(headingText('Running on PostgreSQL and Redis'))).toBe('running-on-postgresql-and-redis')
    expect(githubSlug(headingText('Publishing from a slow phone (`npm run bench:publish`)'))).toBe(
      'publishing-from-a-slow-phone-npm-run-benchpublish',
    )
    expect(githubSlug(headingText('Waiting lists, cancelled and moved events'))).toBe('waiting-lists-cancelled-and-moved-events')
    expect(githubSlug(headingText("Events that need the organizer's approval"))).toBe('events-that-need-the-organizers-approval')
    expect(githubSlug(headingText('API (`api/config.ts`)'))).toBe('api-apiconfigts')
    expect(githubSlug(headingText('Back up — and restore'))).toBe('back-up--and-restore')
    expect([...anchorsOf('# A\n## Tests\n```\n## Not a heading\n```\n### Tests\n')]).toEqual(['a', 'tests', 'tests-1'])
  })

  it('reports a missing file, a missing heading, and skips code and other schemes', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'))
    try {
      fs.mkdirSync(path.join(dir, 'docs'))
      fs.writeFileSync(path.join(dir, 'docs/guide.md'), '# Guide\n\n## Backups and restore\n')
      fs.writeFileSync(
        path.join(dir, 'README.md'),
        [
          '# Front door',
          '[ok](docs/guide.md#backups-and-restore) [ok](#front-door) [web](https://example.com/x.md)',
          '[gone](docs/missing.md) [no heading](docs/guide.md#backups) [here](#nowhere)',
          '`[in code](docs/missing.md)`',
          '```',
          '[in a block](docs/missing.md)',
          '```',
        ].join('\n'),
      )
      expect(brokenLinks(['README.md', 'docs/guide.md'], dir)).toEqual([
        'README.md:3 → docs/missing.md: no file docs/missing.md',
        'README.md:3 → docs/guide.md#backups: no heading "#backups" in docs/guide.md',
        'README.md:3 → #nowhere: no heading "#nowhere" in README.md',
      ])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
