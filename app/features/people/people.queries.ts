import { queryOptions } from '@tanstack/react-query'
import { authKeys } from '~/features/auth/auth.queries'
import { listPeopleFn } from './people.functions'

export const peopleKeys = {
  all: ['people'] as const,
  list: (establishmentId: number) => [...peopleKeys.all, establishmentId] as const,
}

export const peopleQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: peopleKeys.list(establishmentId),
    queryFn: () => listPeopleFn({ data: { establishmentId } }),
  })

/** A change to people changes this list and, when it is the caller's own role, the session's roles. */
export const peopleChangedKeys = (establishmentId: number) => [
  peopleKeys.list(establishmentId),
  authKeys.session(),
]
