import { SESSION_MESSAGES } from '~/features/cattle-handling/cattle-handling.schema'
import {
  createSession,
  getSession,
  listSessionHeaders,
} from '~/features/cattle-handling/cattle-handling.server'
import { createRouter } from '../lib/create-router'
import { createSessionRoute, getSessionRoute, sessionHeadersRoute } from './cattle-handlings.routes'

export const cattleHandlingsRouter = createRouter()
  .openapi(sessionHeadersRoute, async (c) => {
    const { cattle_handling_work } = c.req.valid('query')
    const data = await listSessionHeaders(c.var.db, c.var.establishmentId, cattle_handling_work)
    return c.json({ data }, 200)
  })
  .openapi(createSessionRoute, async (c) => {
    const body = c.req.valid('json')
    const data = await createSession(c.var.db, body, c.var.user.id)
    return c.json({ message: SESSION_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(getSessionRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json({ data: await getSession(c.var.db, id) }, 200)
  })
