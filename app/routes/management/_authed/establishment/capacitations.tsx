import { createFileRoute } from '@tanstack/react-router'
import { capacitationsSearchSchema } from '~/features/capacitations/capacitations.search'
import { CapacitationsPage } from '~/features/capacitations/components/capacitations-page'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { PLACEHOLDER_PAGES } from '~/features/shell/components/placeholder-page'

/** Capacitación Digital (issue 24, decision 037): which screen shows is in the search. */
export const Route = createFileRoute('/management/_authed/establishment/capacitations')({
  validateSearch: capacitationsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const establishment = await requireEstablishment(context.queryClient, deps.establecimiento)
    // Imported here, not at the top: the loader ships with the app's first chunk (decision 026).
    const { prefetchCapacitations } = await import('~/features/capacitations/capacitations.queries')
    await prefetchCapacitations(context.queryClient, establishment.id, deps)
    return { establishmentId: establishment.id }
  },
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.capacitations.title} · Insights` }] }),
  component: CapacitationsRoute,
})

function CapacitationsRoute() {
  const { establishmentId } = Route.useLoaderData()
  return <CapacitationsPage establishmentId={establishmentId} search={Route.useSearch()} />
}
