import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SummaryPage } from '~/features/insights/components/summary-page'
import { insightsSummaryQueryOptions } from '~/features/insights/insights.queries'

export const Route = createFileRoute('/management/_authed/establishment/app-insights/summary')({
  // Imported here, not at the top: route options ship with the app's first chunk (decision 026).
  loader: async ({ context }) => {
    const { insightsSummaryQueryOptions } = await import('~/features/insights/insights.queries')
    return context.queryClient.ensureQueryData(insightsSummaryQueryOptions(context.establishment.id))
  },
  head: () => ({ meta: [{ title: 'Resumen · Insights' }] }),
  component: SummaryRoute,
})

function SummaryRoute() {
  const { establishment } = Route.useRouteContext()
  const { data } = useSuspenseQuery(insightsSummaryQueryOptions(establishment.id))
  return (
    <SummaryPage establishmentId={establishment.id} establishmentName={establishment.name} summary={data} />
  )
}
