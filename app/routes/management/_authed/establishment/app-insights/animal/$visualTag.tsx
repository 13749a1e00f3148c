import { createFileRoute } from '@tanstack/react-router'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute('/management/_authed/establishment/app-insights/animal/$visualTag')({
  head: ({ params }) => ({ meta: [{ title: `Animal ${params.visualTag} · Insights` }] }),
  component: AnimalPage,
})

function AnimalPage() {
  const { visualTag } = Route.useParams()
  return <PlaceholderPage {...PLACEHOLDER_PAGES.animal} title={`Animal ${visualTag}`} />
}
