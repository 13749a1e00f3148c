import { animalExportRoute } from '~/api/animals/animals.routes'
import { provider, readToken } from '~/features/auth/session.server'
import { isDbIdText } from '~/lib/db-id'

export const EXPORT_FORWARD_MESSAGES = {
  signedOut: 'Sesión vencida. Inicie sesión de nuevo.',
  badEstablishment: 'Establecimiento inválido',
} as const

/**
 * The browser downloads an export from this local endpoint (app/routes/api/export/animals.ts), not
 * through a server function: a server function would buffer the whole workbook and hand it over as
 * serialized data. This asks the provider with the bearer token of the httpOnly cookie and passes
 * its streamed xlsx (or its `{ error }`) through unchanged. The query is the provider's, plus
 * `establishmentId`. The typed client's `send` (not `call`): the answer is a stream handed on as it
 * arrives, never parsed here; the provider validates the query it passes through.
 */
export async function forwardAnimalsExport(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const establishmentId = url.searchParams.get('establishmentId') ?? ''
  if (!isDbIdText(establishmentId))
    return Response.json({ error: EXPORT_FORWARD_MESSAGES.badEstablishment }, { status: 400 })
  if (!readToken()) return Response.json({ error: EXPORT_FORWARD_MESSAGES.signedOut }, { status: 401 })
  const searchParams = new URLSearchParams(url.searchParams)
  searchParams.delete('establishmentId')
  const answer = await provider().send(
    animalExportRoute,
    { param: { establishmentId }, query: searchParams },
    // 100,000 rows take a while to write; the bytes flow the whole time.
    { timeout: false },
  )
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  for (const name of ['content-type', 'content-disposition']) {
    const value = answer.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(answer.body, { status: answer.status, headers })
}
