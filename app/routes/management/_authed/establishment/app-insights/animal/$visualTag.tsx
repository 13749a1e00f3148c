import { createFileRoute, retainSearchParams, useNavigate } from '@tanstack/react-router'
import { AnimalDetailPage } from '~/features/animals/components/animal-detail-page'
import { ESTABLISHMENT_PARAM } from '~/features/shell/components/paths'

export const Route = createFileRoute('/management/_authed/establishment/app-insights/animal/$visualTag')({
  // Changes of this page's view keep the establishment its address names (decision 017).
  search: { middlewares: [retainSearchParams<{ [ESTABLISHMENT_PARAM]?: number }>([ESTABLISHMENT_PARAM])] },
  loader: async ({ context, params }) => {
    const { queryClient, establishment } = context
    // Imported here, not at the top: route options ship with the app's first chunk (decisions 026, 046).
    const [{ animalByTagQueryOptions }, { animalDetailQueryOptions, animalEventsQueryOptions }] =
      await Promise.all([
        import('~/features/animals/animals.queries'),
        import('~/features/animals/animal-record.queries'),
      ])
    // An unknown tag is the page's own state ('Vista no disponible'), not an error.
    const row = await queryClient
      .ensureQueryData(animalByTagQueryOptions(establishment.id, params.visualTag))
      .catch(() => null)
    if (row) {
      void queryClient.prefetchQuery(animalEventsQueryOptions(row.animal_id))
      await queryClient.ensureQueryData(animalDetailQueryOptions(row.animal_id)).catch(() => undefined)
    }
  },
  head: ({ params }) => ({ meta: [{ title: `Animal ${params.visualTag} · Insights` }] }),
  component: AnimalRoute,
})

function AnimalRoute() {
  const { visualTag } = Route.useParams()
  const { establishment } = Route.useRouteContext()
  const navigate = useNavigate()
  return (
    <AnimalDetailPage
      establishmentId={establishment.id}
      visualTag={visualTag}
      onDeleted={() =>
        void navigate({
          to: '/management/establishment/app-insights/animals/$establishmentId/breeding-herd',
          params: { establishmentId: String(establishment.id) },
        })
      }
      onVisualTagChanged={(tag) =>
        void navigate({
          to: '/management/establishment/app-insights/animal/$visualTag',
          params: { visualTag: tag },
          replace: true,
        })
      }
    />
  )
}
