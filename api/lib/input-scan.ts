// The one check of request input that no schema can make: NUL characters (PostgreSQL refuses them in text,
// and they make odd keys) and nesting deeper than any payload of ours. It walks the value with its own stack,
// never recursion, so a JSON body nested thousands of levels deep is a 400, not a stack overflow.

/** Deeper than any payload of SPEC §7 (the deepest, hours or price inside a form, is 3). */
export const MAX_INPUT_DEPTH = 32

export type InputIssues = Record<string, ['invalidValue']>

/** Paths (`a.0.b`; `body` for the root) holding a NUL in a key or a string, or nested deeper than the limit. */
export function findInputIssues(value: unknown, root = ''): InputIssues {
  const issues: InputIssues = {}
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: root, depth: 0 }]
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!
    const where = path || 'body'
    if (typeof current === 'string') {
      if (current.includes('\u0000')) issues[where] = ['invalidValue']
      continue
    }
    if (!current || typeof current !== 'object') continue
    // Raw bodies (the ActivityPub inboxes read bytes, checked by Fedify) are not walked byte by byte.
    if (ArrayBuffer.isView(current)) continue
    if (depth >= MAX_INPUT_DEPTH) {
      issues[where] = ['invalidValue']
      continue
    }
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((item, index) => [String(index), item])
      : Object.entries(current)
    for (const [key, item] of entries) {
      if (key.includes('\u0000')) issues[where] = ['invalidValue']
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 })
    }
  }
  return issues
}
