import { createFileRoute } from '@tanstack/react-router'
import { forwardAttachment } from '~/features/capacitations/capacitations.forward.server'

/** A lesson's picture or PDF, from the provider with the session's token (decision 037). */
export const Route = createFileRoute('/api/capacitations/attachments/$attachmentId')({
  server: {
    handlers: {
      GET: ({ request, params }) => forwardAttachment(request, params.attachmentId),
    },
  },
})
