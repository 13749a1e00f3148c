import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { configurationSearchSchema } from '~/features/configuration/config-sections.schema'
import { EstablishmentRouteError } from '~/features/establishments/components/establishment-route-error'
import { requireEstablishmentForPage } from '~/features/establishments/establishment-context'
import { refreshAfterFrameworkChange } from '~/features/framework/framework.queries'
import { RodeoCreation } from '~/features/rodeos/components/rodeo-creation'
import { createRodeoFn } from '~/features/rodeos/rodeos.functions'
import { rodeosQueryOptions } from '~/features/rodeos/rodeos.queries'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'

export const Route = createFileRoute('/management/_authed/establishment/configuration/rodeo-creation')({
  // A page of Configuración: the same address parameters, `?establecimiento=` among them (decision 017).
  validateSearch: configurationSearchSchema,
  loaderDeps: ({ search }) => ({ establishmentId: search.establecimiento }),
  head: () => ({ meta: [{ title: 'Crear rodeo · Insights' }] }),
  loader: async ({ context, deps }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decision 026).
    const { rodeosQueryOptions } = await import('~/features/rodeos/rodeos.queries')
    const establishment = await requireEstablishmentForPage(context.queryClient, deps.establishmentId)
    await context.queryClient.ensureQueryData(rodeosQueryOptions(establishment.id))
    return { establishmentId: establishment.id }
  },
  component: RodeoCreationPage,
  errorComponent: EstablishmentRouteError,
})

function RodeoCreationPage() {
  const { establishmentId } = Route.useLoaderData()
  const sidebar = useConfigSidebar('rodeo')
  const { data: rodeos } = useSuspenseQuery(rodeosQueryOptions(establishmentId))
  const queryClient = useQueryClient()
  const createRodeo = useServerFn(createRodeoFn)
  return (
    <ConfigLayout {...sidebar}>
      <RodeoCreation
        rodeos={rodeos}
        // The page only hides the form; the API refuses a plain member whatever the page shows.
        canCreate={sidebar.isAdmin || sidebar.isSuperAdmin}
        onCreate={async (name) => {
          const result = await createRodeo({ data: { establishmentId, name } })
          // Refetched now, not when next shown: a picker opened next must not show the old list first.
          if (result.ok) await refreshAfterFrameworkChange(queryClient, establishmentId, 'rodeos')
          return result
        }}
      />
    </ConfigLayout>
  )
}
