import { createFileRoute } from '@tanstack/react-router'
import { ConfigurationScreen } from '~/features/configuration/components/configuration-screen'
import { configurationSearchSchema } from '~/features/configuration/config-sections.schema'
import { EstablishmentRouteError } from '~/features/establishments/components/establishment-route-error'
import { requireEstablishmentForPage } from '~/features/establishments/establishment-context'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'

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
    const establishment = await requireEstablishmentForPage(context.queryClient, deps.establishmentId)
    return { establishmentId: establishment.id }
  },
  head: () => ({ meta: [{ title: 'Configuración · Insights' }] }),
  component: ConfigurationPage,
  errorComponent: EstablishmentRouteError,
})

function ConfigurationPage() {
  const { establishmentId } = Route.useLoaderData()
  const { seccion } = Route.useSearch()
  return <ConfigurationScreen establishmentId={establishmentId} section={seccion} />
}
