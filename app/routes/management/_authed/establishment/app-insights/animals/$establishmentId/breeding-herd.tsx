import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy } from 'react'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import {
  animalsSearchSchema,
  apiQueryFromView,
  searchFromView,
  viewFromSearch,
  viewNeedsFilterOptions,
} from '~/features/animals/animals.view'
import { AnimalsPage } from '~/features/animals/components/animals-page'
import { canBulkCreate } from '~/features/auth/roles'

// The upload panel (with its spreadsheet reader) loads when 'Masivo' is chosen (decision 026).
const BulkUploadPanel = lazy(() =>
  import('~/features/bulk-upload/components/bulk-upload-panel').then((module) => ({
    default: module.BulkUploadPanel,
  })),
)

export const Route = createFileRoute(
  '/management/_authed/establishment/app-insights/animals/$establishmentId/breeding-herd',
)({
  validateSearch: animalsSearchSchema,
  // The selection does not change the rows: selecting does not reload.
  loaderDeps: ({ search: { sel: _selection, all: _all, ...search } }) => search,
  loader: async ({ context, deps, cause }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decisions 026, 046).
    const [{ animalFilterOptionsQueryOptions, animalListQueryOptions }, { loadTableRows }] =
      await Promise.all([
        import('~/features/animals/animals.queries'),
        import('~/components/data-table/load-view'),
      ])
    const establishmentId = context.establishment.id
    const view = viewFromSearch(deps)
    // First paint with data (SSR). The filter options (a scan of the herd) only when a chosen filter
    // shows an option's name; otherwise they load when the filters are reached for (decision 041).
    if (viewNeedsFilterOptions(view))
      void context.queryClient.prefetchQuery(animalFilterOptionsQueryOptions(establishmentId))
    // A failure is shown in the table (spec: "No se pudo obtener la lista de animales"), not as a broken
    // page; a change of view does not wait (the table shows its pending state).
    await loadTableRows(
      context.queryClient,
      animalListQueryOptions(establishmentId, apiQueryFromView(view)),
      cause,
    )
  },
  head: () => ({ meta: [{ title: 'Animales · Insights' }] }),
  component: BreedingHerdRoute,
})

function BreedingHerdRoute() {
  const { establishment, session } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const view = viewFromSearch(search)
  return (
    <AnimalsPage
      establishmentId={establishment.id}
      establishmentName={establishment.name}
      renderBulkPanel={
        canBulkCreate(session.roles)
          ? (panel) => (
              <LoadWhenOpened open={panel.open}>
                <BulkUploadPanel kind="animals" establishmentId={establishment.id} {...panel} />
              </LoadWhenOpened>
            )
          : undefined
      }
      view={view}
      onViewChange={(next, options) => {
        // Back/forward walk through views (filters, sort, page, columns); ticking rows does not
        // fill the history, it updates the current entry.
        const unselected = (v: typeof view) => ({ ...v, selected: [], allMatching: false, excluded: [] })
        const onlySelection = JSON.stringify(unselected(next)) === JSON.stringify(unselected(view))
        void navigate({ search: searchFromView(next), replace: onlySelection || options?.replace })
      }}
    />
  )
}
