// The released migrations keep frozen copies of the expressions they indexed; the queries keep the live ones. When
// they part, the indexes no longer serve the queries (and a new migration is due): this test says so first.
import { describe, expect, it } from 'vitest'
import {
  FROZEN_PEOPLE_TEXT_SQL,
  FROZEN_SPAN_CLASS_DAYS,
  FROZEN_START_SORT_SQL,
} from '../../api/db/migrations/kit'
import { PEOPLE_TEXT_SQL } from '../../api/db/text-search'
import { SPAN_CLASS_DAYS, START_SORT_SQL } from '../../api/modules/events/time-order'

describe('the expressions the migrations indexed', () => {
  it('are the ones the lists and the people search query today', () => {
    expect(START_SORT_SQL, 'the lists sort by another key than migrations 003/011 indexed').toBe(
      FROZEN_START_SORT_SQL,
    )
    expect([...SPAN_CLASS_DAYS], 'the span classes differ from migration 011’s column').toEqual([
      ...FROZEN_SPAN_CLASS_DAYS,
    ])
    expect(PEOPLE_TEXT_SQL, 'people search reads another text than migration 011 indexed').toBe(
      FROZEN_PEOPLE_TEXT_SQL,
    )
  })
})
