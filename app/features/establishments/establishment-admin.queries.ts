import { queryOptions } from '@tanstack/react-query'
import { authKeys } from '~/features/auth/auth.queries'
import { establishmentDetailFn, listAllEstablishmentsFn } from './establishment-admin.functions'
import { establishmentKeys } from './establishments.queries'

export const establishmentAdminKeys = {
  all: ['establishment-admin'] as const,
  list: () => [...establishmentAdminKeys.all, 'list'] as const,
  detail: (establishmentId: number) => [...establishmentAdminKeys.all, 'detail', establishmentId] as const,
}

export const allEstablishmentsQueryOptions = () =>
  queryOptions({ queryKey: establishmentAdminKeys.list(), queryFn: () => listAllEstablishmentsFn() })

export const establishmentDetailQueryOptions = (establishmentId: number) =>
  queryOptions({
    queryKey: establishmentAdminKeys.detail(establishmentId),
    queryFn: () => establishmentDetailFn({ data: { establishmentId } }),
  })

/**
 * What a change to an establishment (created, renamed, archived) makes stale: these lists, the
 * pickers' list of establishments and the current one (its name in the header), and the roles.
 */
export const establishmentChangedKeys = () => [
  establishmentAdminKeys.all,
  establishmentKeys.all,
  authKeys.session(),
]
