import { createFileRoute } from '@tanstack/react-router'
import { forwardOfflineSnapshot } from '~/features/offline/offline-snapshot.forward.server'

/** The offline chute's lookup snapshot (decision 040): the provider's JSON, with the session's token. */
export const Route = createFileRoute('/api/offline/snapshot')({
  server: {
    handlers: {
      GET: ({ request }) => forwardOfflineSnapshot(request),
    },
  },
})
