import { createFileRoute } from '@tanstack/react-router'
import { ConfigurationScreen } from '~/features/configuration/components/configuration-screen'
import { configurationSearchSchema } from '~/features/configuration/config-sections.schema'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.messages'
import {
  isEstablishmentAccessError,
  refuseEstablishmentStatus,
  requireEstablishment,
} from '~/features/establishments/establishment-context'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'
import { ForbiddenPage } from '~/features/shell/components/error-pages'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'

/** Configuración: `?seccion=` names the section (deep-linkable; back and forward move between them). */
export const Route = createFileRoute('/management/_authed/establishment/configuration/')({
  validateSearch: configurationSearchSchema,
  loaderDeps: ({ search }) => ({ establishmentId: search.establecimiento }),
  loader: async ({ context, deps }) => {
    // Superadministradores open Configuración before any establishment exists (first run): without
    // one named or chosen, the screen shows the sections that need none.
    if (deps.establishmentId === undefined) {
      const current = await context.queryClient.fetchQuery(currentEstablishmentQueryOptions())
      if (!current) return { establishmentId: null }
    }
    try {
      const establishment = await requireEstablishment(context.queryClient, deps.establishmentId)
      return { establishmentId: establishment.id }
    } catch (error) {
      if (isEstablishmentAccessError(error)) refuseEstablishmentStatus()
      throw error
    }
  },
  head: () => ({ meta: [{ title: 'Configuración · Insights' }] }),
  component: ConfigurationPage,
  errorComponent: ({ error }) =>
    isEstablishmentAccessError(error) ? (
      <ForbiddenPage message={ESTABLISHMENT_ACCESS_DENIED} />
    ) : (
      <PlaceholderPage
        title="Vista no disponible"
        description="Ocurrió un error al cargar esta página. Intente de nuevo."
      />
    ),
})

function ConfigurationPage() {
  const { establishmentId } = Route.useLoaderData()
  const { seccion } = Route.useSearch()
  return <ConfigurationScreen establishmentId={establishmentId} section={seccion} />
}
