import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { animalDetailQueryOptions, animalEventsQueryOptions } from '~/features/animals/animal-record.queries'
import { animalByTagQueryOptions } from '~/features/animals/animals.queries'
import { AnimalDetailPage } from '~/features/animals/components/animal-detail-page'

export const Route = createFileRoute('/management/_authed/establishment/app-insights/animal/$visualTag')({
  loader: async ({ context, params }) => {
    const { queryClient, establishment } = context
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
