import type { DefaultOptions } from '@tanstack/react-query'

/**
 * The app's query defaults (spec section 7): a failed query is retried twice — three attempts in
 * all — and never refetched on window focus or reconnect.
 *
 * `retryOnMount: false`: a list's first load runs its attempts in the route loader (on the server
 * for the first page); the error it ends with is handed to the page, which must show it instead of
 * starting three more attempts when its component mounts (issue 16: a failed first load made six
 * requests over about six seconds with nothing shown). 'Recargar' and 'Reintentar' still refetch.
 */
export const QUERY_DEFAULTS = {
  queries: {
    retry: 2,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
} satisfies DefaultOptions
