import { createFileRoute } from '@tanstack/react-router'
import { capacitationsSearchSchema } from '~/features/capacitations/capacitations.search'
import { CapacitationsPage } from '~/features/capacitations/components/capacitations-page'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { PAGE_TITLES } from '~/features/shell/components/page-titles'

/**
 * Capacitación Digital (issue 24, decision 037): which screen shows is in the search. The loader
 * only settles the establishment; each screen fetches its own data (route options ship with the
 * app's first chunk, which the login page loads too: decision 026).
 */
export const Route = createFileRoute('/management/_authed/establishment/capacitations')({
  validateSearch: capacitationsSearchSchema,
  loaderDeps: ({ search }) => ({ establecimiento: search.establecimiento }),
  loader: async ({ context, deps }) => ({
    establishmentId: (await requireEstablishment(context.queryClient, deps.establecimiento)).id,
  }),
  head: () => ({ meta: [{ title: `${PAGE_TITLES.capacitations} · Insights` }] }),
  component: CapacitationsRoute,
})

function CapacitationsRoute() {
  const { establishmentId } = Route.useLoaderData()
  return <CapacitationsPage establishmentId={establishmentId} search={Route.useSearch()} />
}
