import { createFileRoute } from '@tanstack/react-router'
import { forwardAttachmentUpload } from '~/features/capacitations/capacitations.forward.server'

/** The course editor uploads a lesson's picture or PDF here; forwarded to the provider (decision 037). */
export const Route = createFileRoute('/api/capacitations/upload')({
  server: {
    handlers: {
      POST: ({ request }) => forwardAttachmentUpload(request),
    },
  },
})
