import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { BoardList } from '~/features/establishments/components/board-list'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { boardsQueryOptions } from '~/features/establishments/establishments.queries'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute('/management/_authed/establishment/dashboard-feedlot')({
  beforeLoad: async ({ context }) => ({ establishment: await requireEstablishment(context.queryClient) }),
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.dashboardFeedlot.title} · Insights` }] }),
  component: DashboardPage,
})

function DashboardPage() {
  const { establishment } = Route.useRouteContext()
  const { data, isPending } = useQuery(boardsQueryOptions(establishment.id, 2))
  return (
    <PlaceholderPage {...PLACEHOLDER_PAGES.dashboardFeedlot}>
      <BoardList boards={data} loading={isPending} />
    </PlaceholderPage>
  )
}
