import { createFileRoute, retainSearchParams, useNavigate } from '@tanstack/react-router'
import { mangaBulkPanels } from '~/features/events/components/event-bulk-panel'
import { MangaPage } from '~/features/events/components/manga-page'
import {
  apiQueryFromEventView,
  eventsSearchSchema,
  eventViewFromSearch,
  searchFromEventView,
} from '~/features/events/events.view'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'

/** Manga's pregnancy checks, at the address the spec spells `pregnacy-check`. */
export const Route = createFileRoute(
  '/management/_authed/establishment/app-insights/cattlehandling/pregnacy-check',
)({
  // Changes of this page's view keep the establishment its address names (decision 017).
  search: { middlewares: [retainSearchParams<{ [ESTABLISHMENT_PARAM]?: number }>([ESTABLISHMENT_PARAM])] },
  validateSearch: eventsSearchSchema,
  loaderDeps: ({ search: { sel: _selection, ...search } }) => search,
  loader: async ({ context, deps, cause }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decisions 026, 046).
    const [{ eventListQueryOptions }, { loadTableRows }] = await Promise.all([
      import('~/features/events/events.queries'),
      import('~/components/data-table/load-view'),
    ])
    const view = eventViewFromSearch('pregnancy-check', deps)
    await loadTableRows(
      context.queryClient,
      eventListQueryOptions(context.establishment.id, 'pregnancy-check', apiQueryFromEventView(view)),
      cause,
    )
  },
  head: () => ({ meta: [{ title: 'Diag. Gestación · Manga · Insights' }] }),
  component: PregnancyCheckRoute,
})

function PregnancyCheckRoute() {
  const { establishment, session } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const view = eventViewFromSearch('pregnancy-check', search)
  return (
    <MangaPage
      establishmentId={establishment.id}
      establishmentName={establishment.name}
      // Spec section 6: 'Masivo' (record dialogs, 'Agregar nuevo animal') for admins (or superadmins) only.
      {...mangaBulkPanels(establishment.id, session.roles)}
      kind="pregnancy-check"
      view={view}
      onViewChange={(next, options) => {
        const onlySelection =
          JSON.stringify({ ...next, selected: [] }) === JSON.stringify({ ...view, selected: [] })
        void navigate({
          search: searchFromEventView('pregnancy-check', next),
          replace: onlySelection || options?.replace,
        })
      }}
    />
  )
}
