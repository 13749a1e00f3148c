import { createFileRoute } from '@tanstack/react-router'
import { forwardBulkUpload } from '~/features/bulk-upload/bulk-upload.forward.server'

/** The bulk upload panels post here (with upload progress); forwarded to the provider API. */
export const Route = createFileRoute('/api/bulk-upload/$kind')({
  server: {
    handlers: {
      POST: ({ request, params }) => forwardBulkUpload(request, params.kind),
    },
  },
})
