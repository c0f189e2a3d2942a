// Work on one key runs one piece at a time, in the order asked (a later call waits for the earlier one to settle).

/** A queue per key: `inTurn(key, work)` starts `work` when the last work on `key` has settled. */
export function createTurns() {
  const turns = new Map<string, Promise<void>>()
  return function inTurn(key: string, work: () => Promise<void>): Promise<void> {
    const run = (turns.get(key) ?? Promise.resolve()).then(work)
    const settled = run.catch(() => undefined)
    turns.set(key, settled)
    void settled.then(() => {
      if (turns.get(key) === settled) turns.delete(key)
    })
    return run
  }
}
