import { queryOptions } from '@tanstack/react-query'
import { getSessionFn } from './auth.functions'

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
}

/** Read on every protected navigation; a minute of freshness spares a round trip per click. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: authKeys.session(), queryFn: () => getSessionFn(), staleTime: 60_000 })
