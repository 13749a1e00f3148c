import { SESSION_MESSAGES } from '~/features/cattle-handling/cattle-handling.schema'
import {
  createSession,
  getSession,
  listSessionHeaders,
  sessionEstablishment,
} from '~/features/cattle-handling/cattle-handling.server'
import { requireAccessTo, requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { createSessionRoute, getSessionRoute, sessionHeadersRoute } from './cattle-handlings.routes'

export const cattleHandlingsRouter = createRouter()
  .openapi(sessionHeadersRoute, async (c) => {
    const { establishmentId, cattle_handling_work } = c.req.valid('query')
    await requireMembership(c, establishmentId)
    return c.json({ data: await listSessionHeaders(c.var.db, establishmentId, cattle_handling_work) }, 200)
  })
  .openapi(createSessionRoute, async (c) => {
    const body = c.req.valid('json')
    await requireMembership(c, body.establishmentId)
    const data = await createSession(c.var.db, body, c.var.user.id)
    return c.json({ message: SESSION_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(getSessionRoute, async (c) => {
    const { id } = c.req.valid('param')
    // The session names its establishment: unknown and foreign sessions answer the same 404.
    await requireAccessTo(c, await sessionEstablishment(c.var.db, id), SESSION_MESSAGES.notFound)
    return c.json({ data: await getSession(c.var.db, id) }, 200)
  })
