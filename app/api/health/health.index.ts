import { isReachable } from '~/db/database.server'
import { createRouter } from '../lib/create-router'
import { healthRoute } from './health.routes'

export const healthRouter = createRouter().openapi(healthRoute, async (c) => {
  const engine = c.var.engine
  const reachable = await isReachable(c.var.db)
  return reachable
    ? c.json({ status: 'ok' as const, database: { engine, reachable } }, 200)
    : c.json({ status: 'error' as const, database: { engine, reachable } }, 503)
})
