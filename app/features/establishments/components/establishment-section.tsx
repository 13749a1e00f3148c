import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Loading } from '~/components/ui/loading'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import type { ConfigSectionProps } from '~/features/configuration/sections'
import { updateEstablishmentFn } from '../establishment-admin.functions'
import { establishmentChangedKeys, establishmentDetailQueryOptions } from '../establishment-admin.queries'
import { ESTABLISHMENT_ADMIN_MESSAGES } from '../establishment-admin.schema'
import { EstablishmentDetails } from './establishment-details'

/** Configuración → Configuración del establecimiento (`?seccion=establecimiento`, the default). */
export default function EstablishmentSection({ establishmentId }: ConfigSectionProps) {
  const { data: session } = useQuery(sessionQueryOptions())
  const detail = useQuery(establishmentDetailQueryOptions(establishmentId))
  const queryClient = useQueryClient()
  const update = useServerFn(updateEstablishmentFn)
  if (detail.isError) return <p role="alert">{ESTABLISHMENT_ADMIN_MESSAGES.listError}</p>
  if (!detail.data) return <Loading />
  return (
    <EstablishmentDetails
      key={detail.data.name + (detail.data.url_dashboard_cattle_handling ?? '')}
      establishment={detail.data}
      // Renaming is the superadministrador's (decision 032); the API refuses anyone else.
      canEdit={session?.roles.isSuperAdmin ?? false}
      onSave={async (changes) => {
        const result = await update({ data: { establishmentId, changes } })
        if (result.ok)
          await Promise.all(
            establishmentChangedKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          )
        return result
      }}
    />
  )
}
