import { createFileRoute } from '@tanstack/react-router'
import { forwardAnimalsExport } from '~/features/animals/animals-export.forward.server'

/** The Animales export (docs/decisions/016): the provider's streamed xlsx, with the session's token. */
export const Route = createFileRoute('/api/export/animals')({
  server: {
    handlers: {
      GET: ({ request }) => forwardAnimalsExport(request),
    },
  },
})
