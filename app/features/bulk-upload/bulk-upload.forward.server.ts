/**
 * The browser's upload goes to a local endpoint (app/routes/api/bulk-upload/$kind.ts), not to a
 * server function: a server function buffers the whole body before its handler runs and its client
 * cannot report upload progress. The page posts the multipart form with XMLHttpRequest (progress
 * events); this forwards it to the provider API with the bearer token from the httpOnly cookie, which
 * the browser never sees, and hands the provider's answer back unchanged.
 */

import { provider, readToken } from '~/features/auth/session.server'
import { isSameOriginRequest } from '~/lib/same-origin'
import { BULK_KINDS, MAX_UPLOAD_BYTES, UPLOAD_PATHS } from './bulk-upload.templates'

/** The multipart envelope around the file. */
const MULTIPART_OVERHEAD = 64 * 1024
/** A 20,000-row file on a busy server: parsing, validating and writing take seconds, not minutes. */
const UPLOAD_TIMEOUT_MS = 120_000

const refuse = (error: string, status: number) => Response.json({ error, rows: [] }, { status })

export async function forwardBulkUpload(request: Request, kindParam: string): Promise<Response> {
  if (!isSameOriginRequest(request)) return refuse('Solicitud de otro sitio rechazada', 403)
  const kind = BULK_KINDS.find((k) => k === kindParam)
  if (!kind) return refuse('Tipo de carga desconocido', 404)
  const token = readToken()
  if (!token) return refuse('Sesión vencida. Inicie sesión de nuevo.', 401)
  const length = Number(request.headers.get('content-length'))
  if (!Number.isFinite(length) || length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
    return refuse(`El archivo es demasiado grande (máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`, 413)
  }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse('Solicitud inválida', 400)
  }
  const establishmentId = String(form.get('establishmentId') ?? '')
  if (!/^\d+$/.test(establishmentId)) return refuse('Establecimiento inválido', 400)
  // The animal upload names its establishment in the path; the event uploads, in the form.
  const path = kind === 'animals' ? UPLOAD_PATHS.animals(establishmentId) : UPLOAD_PATHS[kind]
  if (kind === 'animals') form.delete('establishmentId')
  const response = await provider(token).post(path.slice(1), {
    body: form,
    throwHttpErrors: false,
    timeout: UPLOAD_TIMEOUT_MS,
  })
  return new Response(await response.text(), {
    status: response.status,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
  })
}
