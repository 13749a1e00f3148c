import { limitBodyStream } from 'srvx/body-limit'
import { getAttachmentRoute, uploadAttachmentRoute } from '~/api/capacitations/capacitations.routes'
import { isTokenAccepted, provider, readToken } from '~/features/auth/session.server'
import { isDbIdText } from '~/lib/db-id'
import { CAPACITATION_MESSAGES, MAX_ATTACHMENT_REQUEST_BYTES } from './capacitations.schema'

/**
 * The browser's side of lesson attachments (decision 037): pictures and PDFs are shown from, and
 * uploaded to, local endpoints (app/routes/api/capacitations/…) that carry the session's bearer token
 * from the httpOnly cookie to the provider. The provider checks who may see or write what and what
 * the bytes are; these only refuse early what can never pass (no session, a bad id, a body over the
 * cap) so that nothing large is buffered for a request that is refused anyway.
 */

export const ATTACHMENT_FORWARD_MESSAGES = {
  signedOut: 'Sesión vencida. Inicie sesión de nuevo.',
  badRequest: 'Solicitud inválida',
  noLength: 'Falta el tamaño de la solicitud (Content-Length): vuelva a enviar el archivo desde la página.',
} as const

const refuse = (error: string, status: number) => Response.json({ error }, { status })

/** GET /api/capacitations/attachments/$attachmentId?establishmentId= */
export async function forwardAttachment(request: Request, attachmentId: string): Promise<Response> {
  const establishmentId = new URL(request.url).searchParams.get('establishmentId') ?? ''
  if (!isDbIdText(establishmentId) || !isDbIdText(attachmentId))
    return refuse(ATTACHMENT_FORWARD_MESSAGES.badRequest, 400)
  if (!readToken()) return refuse(ATTACHMENT_FORWARD_MESSAGES.signedOut, 401)
  const answer = await provider().send(getAttachmentRoute, { param: { id: establishmentId, attachmentId } })
  const headers = new Headers()
  for (const name of ['content-type', 'content-length', 'content-disposition', 'cache-control']) {
    const value = answer.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(answer.body, { status: answer.status, headers })
}

class TooLarge extends Error {}

/** POST /api/capacitations/upload?establishmentId=&courseId=&lessonId= (multipart, field `file`). */
export async function forwardAttachmentUpload(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams
  const ids = ['establishmentId', 'courseId', 'lessonId'].map((name) => search.get(name) ?? '')
  if (!ids.every(isDbIdText)) return refuse(ATTACHMENT_FORWARD_MESSAGES.badRequest, 400)
  const [establishmentId, courseId, lessonId] = ids as [string, string, string]
  const token = readToken()
  if (!token) return refuse(ATTACHMENT_FORWARD_MESSAGES.signedOut, 401)
  const declared = request.headers.get('content-length')
  if (declared === null || !/^\d+$/.test(declared)) return refuse(ATTACHMENT_FORWARD_MESSAGES.noLength, 411)
  if (Number(declared) > MAX_ATTACHMENT_REQUEST_BYTES) return refuse(CAPACITATION_MESSAGES.fileTooLarge, 413)
  const api = provider(token)
  if (!(await isTokenAccepted(api))) return refuse(ATTACHMENT_FORWARD_MESSAGES.signedOut, 401)
  if (!request.body) return refuse(ATTACHMENT_FORWARD_MESSAGES.badRequest, 400)
  let form: FormData
  try {
    const counted = limitBodyStream(request.body, MAX_ATTACHMENT_REQUEST_BYTES, {
      createError: () => new TooLarge(),
    })
    form = await new Response(counted, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
  } catch (error) {
    if (error instanceof TooLarge || (error instanceof Error && error.cause instanceof TooLarge))
      return refuse(CAPACITATION_MESSAGES.fileTooLarge, 413)
    return refuse(ATTACHMENT_FORWARD_MESSAGES.badRequest, 400)
  }
  const answer = await api.send(uploadAttachmentRoute, {
    param: { id: establishmentId, courseId, lessonId },
    form,
  })
  return new Response(await answer.text(), {
    status: answer.status,
    headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
  })
}
