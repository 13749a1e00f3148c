import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Loading } from '~/components/ui/loading'
import { createEstablishmentFn, setEstablishmentArchivedFn } from '../establishment-admin.functions'
import { allEstablishmentsQueryOptions, establishmentChangedKeys } from '../establishment-admin.queries'
import { ESTABLISHMENT_ADMIN_MESSAGES } from '../establishment-admin.schema'
import { EstablishmentsAdmin } from './establishments-admin'

/** Configuración → Establecimientos (`?seccion=establecimientos`, superadministradores). */
export default function EstablishmentsSection() {
  const list = useQuery(allEstablishmentsQueryOptions())
  const queryClient = useQueryClient()
  const create = useServerFn(createEstablishmentFn)
  const setArchived = useServerFn(setEstablishmentArchivedFn)
  // Refetched now: the picker opened next must list (or no longer list) the establishment.
  const refresh = () =>
    Promise.all(
      establishmentChangedKeys().map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
      ),
    )
  if (list.isError) return <p role="alert">{ESTABLISHMENT_ADMIN_MESSAGES.listError}</p>
  if (!list.data) return <Loading />
  return (
    <EstablishmentsAdmin
      establishments={list.data}
      onCreate={async (values) => {
        const result = await create({ data: values })
        if (result.ok) await refresh()
        return result
      }}
      onArchive={async (establishmentId, archived) => {
        const result = await setArchived({ data: { establishmentId, archived } })
        if (result.ok) await refresh()
        return result
      }}
    />
  )
}
