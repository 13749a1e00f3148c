import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { canBulkCreate } from '~/features/auth/roles'
import { RiderRecordsPage } from '~/features/riders/components/rider-records-page'
import {
  KIND_OF_TAB,
  riderQueryOfView,
  riderSearchSchema,
  riderViewFromSearch,
  searchFromRiderView,
} from '~/features/riders/riders.view'

/** Recorredores (spec section 2): the tab and the table's view are the URL (decision 036). */
export const Route = createFileRoute(
  '/management/_authed/establishment/app-insights/rerunner/$establishmentId/births',
)({
  validateSearch: riderSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decision 026).
    const [{ riderFormOptionsQueryOptions, riderRecordsQueryOptions }, { loadTableRows }] = await Promise.all(
      [import('~/features/riders/riders.queries'), import('~/components/data-table/load-view')],
    )
    const establishmentId = context.establishment.id
    void context.queryClient.prefetchQuery(riderFormOptionsQueryOptions(establishmentId))
    const tab = deps.tab ?? 'partos'
    if (tab === 'indicadores') return
    await loadTableRows(
      context.queryClient,
      riderRecordsQueryOptions(
        establishmentId,
        KIND_OF_TAB[tab],
        riderQueryOfView(riderViewFromSearch(deps)),
      ),
      cause,
    )
  },
  head: () => ({ meta: [{ title: 'Recorredores · Insights' }] }),
  component: RiderRecordsRoute,
})

function RiderRecordsRoute() {
  const { establishment, session } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const tab = search.tab ?? 'partos'
  return (
    <RiderRecordsPage
      establishmentId={establishment.id}
      establishmentName={establishment.name}
      canBulkUpload={canBulkCreate(session.roles)}
      tab={tab}
      // A new tab starts its own view: the filters of one table do not carry over.
      onTabChange={(next) => void navigate({ search: { tab: next === 'partos' ? undefined : next } })}
      view={riderViewFromSearch(search)}
      onViewChange={(next, options) =>
        void navigate({
          search: { tab: search.tab, ...searchFromRiderView(next) },
          replace: options?.replace,
        })
      }
    />
  )
}
