import { createFileRoute, retainSearchParams, useNavigate } from '@tanstack/react-router'
import { mangaBulkPanels } from '~/features/events/components/event-bulk-panel'
import { MangaPage } from '~/features/events/components/manga-page'
import {
  apiQueryFromEventView,
  eventViewFromSearch,
  KIND_OF_TYPE,
  mangaSearchSchema,
  searchFromEventView,
} from '~/features/events/events.view'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'

/** Manga: inseminations (default), pre-services or weighings, as `?type=` says (docs/decisions/009). */
export const Route = createFileRoute('/management/_authed/establishment/app-insights/cattlehandling/')({
  // Changes of this page's view keep the establishment its address names (decision 017).
  search: { middlewares: [retainSearchParams<{ [ESTABLISHMENT_PARAM]?: number }>([ESTABLISHMENT_PARAM])] },
  validateSearch: mangaSearchSchema,
  // The selection does not change the rows: selecting does not reload.
  loaderDeps: ({ search: { sel: _selection, ...search } }) => search,
  loader: async ({ context, deps, cause }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decisions 026, 046).
    const [{ eventListQueryOptions }, { loadTableRows }] = await Promise.all([
      import('~/features/events/events.queries'),
      import('~/components/data-table/load-view'),
    ])
    const kind = KIND_OF_TYPE[deps.type ?? 'artificial-inseminations']
    const view = eventViewFromSearch(kind, deps)
    // A failure is shown in the table ('No se pudo obtener la lista de …'), not as a broken page; a
    // change of view does not wait (the table shows its pending state).
    await loadTableRows(
      context.queryClient,
      eventListQueryOptions(context.establishment.id, kind, apiQueryFromEventView(view)),
      cause,
    )
  },
  head: () => ({ meta: [{ title: 'Manga · Insights' }] }),
  component: MangaRoute,
})

function MangaRoute() {
  const { establishment, session } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const kind = KIND_OF_TYPE[search.type ?? 'artificial-inseminations']
  const view = eventViewFromSearch(kind, search)
  return (
    <MangaPage
      establishmentId={establishment.id}
      establishmentName={establishment.name}
      // Spec section 6: 'Masivo' (record dialogs, 'Agregar nuevo animal') for admins (or superadmins) only.
      {...mangaBulkPanels(establishment.id, session.roles)}
      kind={kind}
      view={view}
      onViewChange={(next, options) => {
        // Ticking rows updates the current history entry; every other change is a step back can undo.
        const onlySelection =
          JSON.stringify({ ...next, selected: [] }) === JSON.stringify({ ...view, selected: [] })
        void navigate({
          search: { type: search.type, ...searchFromEventView(kind, next) },
          replace: onlySelection || options?.replace,
        })
      }}
    />
  )
}
