import { describe, expect, it } from 'vitest'
import { sessionHeadersQueryOptions } from '~/features/cattle-handling/cattle-handling.queries'
import { eventListQueryOptions } from './events.queries'

describe('Manga caches (spec section 7: session and event lists for 15 minutes)', () => {
  it('keep a list fresh and, once nobody shows it, in memory for 15 minutes', () => {
    for (const options of [eventListQueryOptions(1, 'weighing', {}), sessionHeadersQueryOptions(1, 7)]) {
      expect(options.staleTime).toBe(15 * 60_000)
      // React Query drops an unused query after gcTime (5 minutes by default): not before it is stale.
      expect(options.gcTime).toBeGreaterThanOrEqual(15 * 60_000)
    }
  })
})
