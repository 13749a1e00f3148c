import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { SystemStatus } from '~/features/system/components/system-status'
import { systemStatusQueryOptions } from '~/features/system/system.queries'

export const Route = createFileRoute('/management/estado')({
  head: () => ({ meta: [{ title: 'Estado del sistema · Insights' }] }),
  loader: ({ context }) => context.queryClient.ensureQueryData(systemStatusQueryOptions()),
  component: StatusPage,
})

function StatusPage() {
  const { data } = useSuspenseQuery(systemStatusQueryOptions())
  return (
    <main>
      <h1>Estado del sistema</h1>
      <SystemStatus health={data} />
    </main>
  )
}
