import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * The route loader's part in a table page: which page of rows to have before rendering.
 *
 * Entering the page (and on the server) it waits for the rows, so the first paint has data; a
 * failure is left in the cache for the table to show, not thrown as a broken page.
 * A change of the view on the same page (`cause === 'stay'`: paging, sorting, filtering) does not
 * wait: the router would otherwise keep the old view — old rows, old footer, no pending sign — for
 * as long as the request takes. The page renders the new view at once, its query keeps the previous
 * rows as placeholder and the table shows its pending state (issue 16).
 */
export async function loadTableRows<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  cause: 'enter' | 'stay' | 'preload',
): Promise<void> {
  if (cause === 'stay') {
    void queryClient.prefetchQuery(options)
    return
  }
  await queryClient.ensureQueryData(options).catch(() => undefined)
}
