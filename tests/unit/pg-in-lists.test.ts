// PostgreSQL statements keep one shape whatever the length of their id lists (api/db/pg-prepared.ts): an
// `IN ($a, …, $b)` list becomes one array parameter, every parameter renumbered in order.
import { describe, expect, it } from 'vitest'
import { collapseInLists } from '../../api/db/pg-prepared'

describe('collapseInLists', () => {
  it('sends IN as = ANY and NOT IN as <> ALL of one array, and renumbers the parameters around them', () => {
    const { text, values } = collapseInLists(
      'select * from t where a = $1 and id in ($2, $3, $4) and b not in ($5) and c > $6 limit $7',
      ['x', 'i1', 'i2', 'i3', 'n1', 5, 10],
    )
    expect(text).toBe('select * from t where a = $1 and id = any($2) and b <> all($3) and c > $4 limit $5')
    expect(values).toEqual(['x', ['i1', 'i2', 'i3'], ['n1'], 5, 10])
  })

  it('gives lists of different lengths the same text', () => {
    const short = collapseInLists('select 1 from t where id in ($1)', ['a'])
    const long = collapseInLists('select 1 from t where id in ($1, $2, $3, $4, $5)', ['a', 'b', 'c', 'd', 'e'])
    expect(short.text).toBe(long.text)
    expect(long.values).toEqual([['a', 'b', 'c', 'd', 'e']])
  })

  it('leaves statements without lists as they are', () => {
    const text = 'insert into t (a, b) values ($1, $2), ($3, $4)'
    expect(collapseInLists(text, [1, 2, 3, 4])).toEqual({ text, values: [1, 2, 3, 4] })
  })
})
