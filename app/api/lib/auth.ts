import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { authenticate } from '~/features/auth/auth.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { getMembership } from '~/features/establishments/establishments.server'
import { ApiError } from './errors'
import type { ApiEnv } from './types'

export const bearerSecurity = [{ bearerAuth: [] }]

/** Every route but login, reset and health: a valid bearer token, or 401. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw new ApiError(401, 'Falta el token de acceso')
  const user = await authenticate(c.var.db, match[1])
  if (!user) throw new ApiError(401, 'Sesión inválida o vencida. Inicie sesión de nuevo.')
  c.set('user', user)
  await next()
})

/**
 * The isolation rule: the caller must belong to the establishment the request touches
 * (superadmins belong to all). Unknown and foreign establishments answer alike, so ids of other
 * establishments cannot be probed.
 */
export async function requireMembership(c: Context<ApiEnv>, establishmentId: number) {
  const membership = await getMembership(c.var.db, c.var.user, establishmentId)
  if (!membership) throw new ApiError(403, ESTABLISHMENT_ACCESS_DENIED)
  return membership
}

/**
 * A resource named by its own id (an event, a session, an animal): the caller must belong to its
 * establishment. Unknown resources and those of another establishment answer the same 404 with the
 * resource's message, so ids of other establishments cannot be probed.
 */
export async function requireAccessTo(
  c: Context<ApiEnv>,
  establishmentId: number | undefined,
  notFound: string,
): Promise<number> {
  const member =
    establishmentId === undefined ? undefined : await getMembership(c.var.db, c.var.user, establishmentId)
  if (establishmentId === undefined || !member) throw new ApiError(404, notFound)
  return establishmentId
}

/**
 * The client's address, as the host that runs the API resolved it (ApiBindings): the request's own
 * headers are not read, since any client can write X-Forwarded-For (decision 015).
 */
export function clientIp(c: Context<ApiEnv>) {
  return c.env?.clientAddress || 'desconocida'
}
