/**
 * The browser's upload goes to a local endpoint (app/routes/api/bulk-upload/$kind.ts), not to a
 * server function: a server function buffers the whole body before its handler runs and its client
 * cannot report upload progress. The page posts the multipart form with XMLHttpRequest (progress
 * events); this forwards it to the provider API with the bearer token from the httpOnly cookie, which
 * the browser never sees, and hands the provider's answer back unchanged.
 *
 * Nothing is read from the body before the request has proved it may send one: same origin (checked
 * for every local endpoint by the middleware in app/start.ts, decision 014), a known kind, a declared size under the cap, and a token the provider accepts. The body is then
 * read through a counter as well, so a size that lies cannot make this buffer more than the cap.
 */

import type { KyInstance } from 'ky'
import { limitBodyStream } from 'srvx/body-limit'
import {
  animalsUploadRoute,
  birthsUploadRoute,
  inseminationsUploadRoute,
  pregnancyChecksUploadRoute,
  preservicesUploadRoute,
  treatmentsUploadRoute,
  weighingsUploadRoute,
} from '~/api/bulk-upload/bulk-upload.routes'
import { isTokenAccepted, providerHttp, TOKEN_COOKIE } from '~/features/auth/session.server'
import { isDbIdText } from '~/lib/db-id'
import { providerApi } from '~/lib/provider-api.server'
import { BULK_MESSAGES } from './bulk-upload.schema'
import {
  isEventKind,
  kindOfUploadSegment,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
} from './bulk-upload.templates'

/** A 20,000-row file on a busy server: parsing, validating and writing take seconds, not minutes. */
const UPLOAD_TIMEOUT_MS = 120_000

export const FORWARD_MESSAGES = {
  unknownKind: 'Tipo de carga desconocido',
  signedOut: 'Sesión vencida. Inicie sesión de nuevo.',
  noLength: 'Falta el tamaño de la solicitud (Content-Length): vuelva a enviar el archivo desde la página.',
  tooLarge: `${BULK_MESSAGES.tooLarge} (máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`,
  badRequest: 'Solicitud inválida',
  badEstablishment: 'Establecimiento inválido',
} as const

const refuse = (error: string, status: number) => Response.json({ error, rows: [] }, { status })

/** The session token of the request's cookie header. */
function tokenOf(request: Request) {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name === TOKEN_COOKIE && value.length > 0) return decodeURIComponent(value.join('=')) || undefined
  }
  return undefined
}

class TooLarge extends Error {}

const EVENT_UPLOAD_ROUTES = {
  preservice: preservicesUploadRoute,
  'artificial-insemination': inseminationsUploadRoute,
  'pregnancy-check': pregnancyChecksUploadRoute,
  weighing: weighingsUploadRoute,
} as const

/** The uploads that name their establishment in the path. */
const RECORD_UPLOAD_ROUTES = {
  animals: animalsUploadRoute,
  births: birthsUploadRoute,
  treatments: treatmentsUploadRoute,
} as const

/**
 * Forwards an upload. `client` builds the provider's ky seam for a token (the BFF's `providerHttp`;
 * tests pass one bound to a test API); the typed client runs over it. The answer is handed back
 * unchanged (`send`, not `call`): the page reads the per-row errors of a refusal itself.
 */
export async function forwardBulkUpload(
  request: Request,
  segment: string,
  client: (token: string) => KyInstance = providerHttp,
): Promise<Response> {
  const kind = kindOfUploadSegment(segment)
  if (!kind) return refuse(FORWARD_MESSAGES.unknownKind, 404)
  const token = tokenOf(request)
  if (!token) return refuse(FORWARD_MESSAGES.signedOut, 401)
  // Browsers always declare the size of a form they post; a chunked body without one is refused.
  const declared = request.headers.get('content-length')
  if (declared === null || !/^\d+$/.test(declared)) return refuse(FORWARD_MESSAGES.noLength, 411)
  if (Number(declared) > MAX_UPLOAD_REQUEST_BYTES) return refuse(FORWARD_MESSAGES.tooLarge, 413)
  const api = providerApi(client(token))
  if (!(await isTokenAccepted(api))) return refuse(FORWARD_MESSAGES.signedOut, 401)
  if (!request.body) return refuse(FORWARD_MESSAGES.badRequest, 400)

  let form: FormData
  try {
    const counted = limitBodyStream(request.body, MAX_UPLOAD_REQUEST_BYTES, {
      createError: () => new TooLarge(),
    })
    const contentType = request.headers.get('content-type') ?? ''
    form = await new Response(counted, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    if (error instanceof TooLarge || (error instanceof Error && error.cause instanceof TooLarge))
      return refuse(FORWARD_MESSAGES.tooLarge, 413)
    return refuse(FORWARD_MESSAGES.badRequest, 400)
  }
  const establishmentId = String(form.get('establishmentId') ?? '')
  if (!isDbIdText(establishmentId)) return refuse(FORWARD_MESSAGES.badEstablishment, 400)
  // The animal and rider uploads name their establishment in the path; the event uploads, in the form.
  const options = { timeout: UPLOAD_TIMEOUT_MS }
  if (!isEventKind(kind)) form.delete('establishmentId')
  const response = isEventKind(kind)
    ? await api.send(EVENT_UPLOAD_ROUTES[kind], { form }, options)
    : await api.send(RECORD_UPLOAD_ROUTES[kind], { param: { establishmentId }, form }, options)
  return new Response(await response.text(), {
    status: response.status,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
  })
}
