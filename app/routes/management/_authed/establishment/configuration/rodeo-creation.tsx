import { createFileRoute } from '@tanstack/react-router'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { RodeoCreationPage } from '~/features/rodeos/components/rodeo-creation'
import { rodeosQueryOptions } from '~/features/rodeos/rodeos.queries'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'

export const Route = createFileRoute('/management/_authed/establishment/configuration/rodeo-creation')({
  head: () => ({ meta: [{ title: 'Crear rodeo · Insights' }] }),
  loader: async ({ context }) => {
    const establishment = await requireEstablishment(context.queryClient)
    await context.queryClient.ensureQueryData(rodeosQueryOptions(establishment.id))
    return { establishmentId: establishment.id }
  },
  component: RodeoCreationRoute,
})

function RodeoCreationRoute() {
  const { establishmentId } = Route.useLoaderData()
  const sidebar = useConfigSidebar('rodeo')
  return (
    <ConfigLayout {...sidebar}>
      <RodeoCreationPage
        establishmentId={establishmentId}
        canCreate={sidebar.isAdmin || sidebar.isSuperAdmin}
      />
    </ConfigLayout>
  )
}
