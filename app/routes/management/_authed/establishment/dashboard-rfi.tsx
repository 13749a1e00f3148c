import { createFileRoute } from '@tanstack/react-router'
import { BoardsDashboard } from '~/features/boards/components/boards-dashboard'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { boardsQueryOptions } from '~/features/establishments/establishments.queries'
import { RfiDashboard } from '~/features/rfi/components/rfi-dashboard'
import { PAGE_TITLES } from '~/features/shell/components/page-titles'
import { positiveIntParam, searchSchema } from '~/lib/search-params'

/** The board and the test shown live in the address (decision 039). */
const search = searchSchema({
  tablero: positiveIntParam,
  prueba: positiveIntParam,
})

export const Route = createFileRoute('/management/_authed/establishment/dashboard-rfi')({
  validateSearch: search,
  beforeLoad: async ({ context }) => ({ establishment: await requireEstablishment(context.queryClient) }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(boardsQueryOptions(context.establishment.id, 1)),
  head: () => ({ meta: [{ title: `${PAGE_TITLES.dashboardRfi} · Insights` }] }),
  component: RfiRoute,
})

function RfiRoute() {
  const { establishment } = Route.useRouteContext()
  const { tablero, prueba } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <BoardsDashboard
      establishmentId={establishment.id}
      dashboardTypeId={1}
      boardId={tablero}
      onSelectBoard={(id) => navigate({ search: { tablero: id } })}
      builtIn={
        <RfiDashboard
          establishmentId={establishment.id}
          testId={prueba}
          onSelectTest={(id) => navigate({ search: (s) => ({ ...s, prueba: id }) })}
        />
      }
    />
  )
}
