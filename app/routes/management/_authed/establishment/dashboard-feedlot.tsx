import { createFileRoute } from '@tanstack/react-router'
import { BoardsPage } from '~/features/establishments/components/boards-page'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { PLACEHOLDER_PAGES } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute('/management/_authed/establishment/dashboard-feedlot')({
  beforeLoad: async ({ context }) => ({ establishment: await requireEstablishment(context.queryClient) }),
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.dashboardFeedlot.title} · Insights` }] }),
  component: () => (
    <BoardsPage establishmentId={Route.useRouteContext().establishment.id} dashboardTypeId={2} />
  ),
})
