import { createFileRoute } from '@tanstack/react-router'
import {
  forwardAttachment,
  forwardAttachmentUpload,
} from '~/features/capacitations/capacitations.forward.server'

/**
 * Lesson attachments for the browser (decision 037), forwarded to the provider with the session's
 * token: GET attachments/{id}?establishmentId= (a picture or PDF), POST upload?… (the editor's
 * upload). One splat route rather than two: every route file adds to the app's first chunk.
 */
export const Route = createFileRoute('/api/capacitations/$')({
  server: {
    handlers: {
      GET: ({ request, params }) => {
        const id = /^attachments\/(\d{1,10})$/.exec(params._splat ?? '')?.[1]
        return id
          ? forwardAttachment(request, id)
          : Response.json({ error: 'Ruta no encontrada' }, { status: 404 })
      },
      POST: ({ request, params }) =>
        params._splat === 'upload'
          ? forwardAttachmentUpload(request)
          : Response.json({ error: 'Ruta no encontrada' }, { status: 404 }),
    },
  },
})
