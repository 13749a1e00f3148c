import type { QueryClient } from '@tanstack/react-query'

/**
 * The "global reload flag" of spec section 4: after any write, every cached list (animals, event
 * tables, sessions, Resumen and Tablero) is marked stale and the visible ones refetch. Each list's query key starts with
 * one of these roots.
 */
export const LIST_ROOT_KEYS = [['animals'], ['events'], ['sessions'], ['insights']] as const

export async function refreshLists(queryClient: QueryClient) {
  await Promise.all(LIST_ROOT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
