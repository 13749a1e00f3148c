import { createFileRoute } from '@tanstack/react-router'
import {
  courseProgressQueryOptions,
  courseQueryOptions,
  coursesQueryOptions,
} from '~/features/capacitations/capacitations.queries'
import { capacitationsSearchSchema } from '~/features/capacitations/capacitations.schema'
import { CapacitationsPage } from '~/features/capacitations/components/capacitations-page'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { PLACEHOLDER_PAGES } from '~/features/shell/components/placeholder-page'

/** Capacitación Digital (issue 24, decision 037): which screen shows is in the search. */
export const Route = createFileRoute('/management/_authed/establishment/capacitations')({
  validateSearch: capacitationsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const establishment = await requireEstablishment(context.queryClient, deps.establecimiento)
    const id = establishment.id
    // Fetched ahead for the first paint; a refusal is shown by the screen itself, not as a broken page.
    const ahead =
      deps.vista === 'progreso'
        ? courseProgressQueryOptions(id)
        : deps.curso && !deps.vista
          ? courseQueryOptions(id, deps.curso)
          : coursesQueryOptions(id, deps.vista ? '' : (deps.q ?? ''))
    await context.queryClient.ensureQueryData(ahead as never).catch(() => undefined)
    return { establishmentId: id }
  },
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.capacitations.title} · Insights` }] }),
  component: CapacitationsRoute,
})

function CapacitationsRoute() {
  const { establishmentId } = Route.useLoaderData()
  return <CapacitationsPage establishmentId={establishmentId} search={Route.useSearch()} />
}
