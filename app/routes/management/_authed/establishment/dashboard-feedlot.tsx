import { createFileRoute } from '@tanstack/react-router'
import { BoardsDashboard } from '~/features/boards/components/boards-dashboard'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { boardsQueryOptions } from '~/features/establishments/establishments.queries'
import { FeedlotDashboard } from '~/features/feedlot/components/feedlot-dashboard'
import { PAGE_TITLES } from '~/features/shell/components/page-titles'
import { dropInvalid, isoDate, positiveIntParam, searchSchema } from '~/lib/search-params'

/** The board, the pen drilled into and the projection date live in the address (decision 038). */
const search = searchSchema({
  tablero: positiveIntParam,
  corral: positiveIntParam,
  fecha: dropInvalid(isoDate),
})

export const Route = createFileRoute('/management/_authed/establishment/dashboard-feedlot')({
  validateSearch: search,
  beforeLoad: async ({ context }) => ({ establishment: await requireEstablishment(context.queryClient) }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(boardsQueryOptions(context.establishment.id, 2)),
  head: () => ({ meta: [{ title: `${PAGE_TITLES.dashboardFeedlot} · Insights` }] }),
  component: FeedlotRoute,
})

function FeedlotRoute() {
  const { establishment } = Route.useRouteContext()
  const { tablero, corral, fecha } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <BoardsDashboard
      establishmentId={establishment.id}
      dashboardTypeId={2}
      boardId={tablero}
      onSelectBoard={(id) => navigate({ search: { tablero: id } })}
      builtIn={
        <FeedlotDashboard
          establishmentId={establishment.id}
          date={fecha}
          pen={corral}
          onChange={(next) => navigate({ search: (s) => ({ ...s, ...next }) })}
        />
      }
    />
  )
}
