import { offlineSnapshotRoute } from '~/api/offline/offline.routes'
import { provider, readToken } from '~/features/auth/session.server'
import { isDbIdText } from '~/lib/db-id'

export const SNAPSHOT_FORWARD_MESSAGES = {
  signedOut: 'Sesión vencida. Inicie sesión de nuevo.',
  badEstablishment: 'Establecimiento inválido',
} as const

/**
 * The browser downloads the offline snapshot from this local endpoint (app/routes/api/offline/
 * snapshot.ts), not through a server function: 100,000 animals are about 10 MB of JSON, which a
 * server function would parse and serialize again. This asks the provider with the bearer token
 * of the httpOnly cookie and passes its answer (or its `{ error }`) through unchanged, never cached.
 */
export async function forwardOfflineSnapshot(request: Request): Promise<Response> {
  const establishmentId = new URL(request.url).searchParams.get('establishmentId') ?? ''
  if (!isDbIdText(establishmentId))
    return Response.json({ error: SNAPSHOT_FORWARD_MESSAGES.badEstablishment }, { status: 400 })
  if (!readToken()) return Response.json({ error: SNAPSHOT_FORWARD_MESSAGES.signedOut }, { status: 401 })
  const answer = await provider().send(
    offlineSnapshotRoute,
    { param: { establishmentId } },
    { timeout: 60_000 },
  )
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'Content-Type': answer.headers.get('content-type') ?? 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  })
}
