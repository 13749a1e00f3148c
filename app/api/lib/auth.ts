import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { authenticate } from '~/features/auth/auth.server'
import { ApiError } from './errors'
import type { ApiEnv } from './types'

export const bearerSecurity = [{ bearerAuth: [] }]

/**
 * Every route but login, reset and health: a valid bearer token, or 401. Routes get it through the
 * factories of guard.ts, which run it before their establishment or resource check.
 */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match?.[1]) throw new ApiError(401, 'Falta el token de acceso')
  const token = match[1]
  const lookUp = () => authenticate(c.var.db, token)
  const user = await (c.env?.sameRequestAuth ? c.env.sameRequestAuth(token, lookUp) : lookUp())
  if (!user) throw new ApiError(401, 'Sesión inválida o vencida. Inicie sesión de nuevo.')
  c.set('user', user)
  await next()
})

/**
 * The client's address, as the host that runs the API resolved it (ApiBindings): the request's own
 * headers are not read, since any client can write X-Forwarded-For (decision 015).
 */
export function clientIp(c: Context<ApiEnv>) {
  return c.env?.clientAddress || 'desconocida'
}
