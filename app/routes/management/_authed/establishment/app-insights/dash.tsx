import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import { animalFilterOptionsQueryOptions } from '~/features/animals/animals.queries'
import { DashboardPage, httpsEmbed } from '~/features/insights/components/dashboard-page'
import { insightsDashboardQueryOptions } from '~/features/insights/insights.queries'
import { INSIGHTS_MESSAGES } from '~/features/insights/insights.schema'
import { apiQueryFromDashboardSearch, dashboardSearchSchema } from '~/features/insights/insights.view'

// Recorredores' calving KPIs load with their own chunk, like Tablero's charts (decision 036).
const CalvingKpisLive = lazy(() => import('~/features/riders/components/calving-kpis-section'))

export const Route = createFileRoute('/management/_authed/establishment/app-insights/dash')({
  validateSearch: dashboardSearchSchema,
  loaderDeps: ({ search: { desde, hasta, rodeo, categoria } }) => ({ desde, hasta, rodeo, categoria }),
  loader: async ({ context, deps }) => {
    // Imported here, not at the top: route options ship with the app's first chunk (decision 026).
    const [{ insightsDashboardQueryOptions }, { animalFilterOptionsQueryOptions }] = await Promise.all([
      import('~/features/insights/insights.queries'),
      import('~/features/animals/animals.queries'),
    ])
    const establishmentId = context.establishment.id
    void context.queryClient.prefetchQuery(animalFilterOptionsQueryOptions(establishmentId))
    // A failure shows in the page (its Spanish message), not as a broken page.
    await context.queryClient
      .ensureQueryData(insightsDashboardQueryOptions(establishmentId, apiQueryFromDashboardSearch(deps)))
      .catch(() => undefined)
  },
  head: () => ({ meta: [{ title: 'Tablero · Insights' }] }),
  component: DashRoute,
})

function DashRoute() {
  const { establishment } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { establecimiento: _establishment, ...filters } = search as typeof search & {
    establecimiento?: number
  }
  const dashboard = useQuery(
    insightsDashboardQueryOptions(establishment.id, apiQueryFromDashboardSearch(filters)),
  )
  const options = useQuery(animalFilterOptionsQueryOptions(establishment.id))
  return (
    <DashboardPage
      search={filters}
      onSearchChange={(next) =>
        void navigate({
          search: (prev) => ({
            ...prev,
            desde: undefined,
            hasta: undefined,
            rodeo: undefined,
            categoria: undefined,
            ...next,
          }),
        })
      }
      data={dashboard.data}
      busy={dashboard.isPlaceholderData}
      error={dashboard.isError ? INSIGHTS_MESSAGES.dashboardError : undefined}
      options={options.data}
      embedUrl={httpsEmbed(establishment.url_dashboard_cattle_handling)}
      sections={
        <Stack gap="4" as="section" aria-labelledby="dash-pariciones">
          <styled.h2 id="dash-pariciones" textStyle="xl" fontWeight="semibold">
            Pariciones
          </styled.h2>
          <Suspense fallback={<styled.p color="fg.muted">Cargando pariciones…</styled.p>}>
            <CalvingKpisLive establishmentId={establishment.id} headingLevel={3} />
          </Suspense>
        </Stack>
      }
    />
  )
}
