import { isReachable } from '~/db/database.server'
import { getEnv } from '~/lib/env.server'
import { createRouter } from '../lib/create-router'
import { healthRoute } from './health.routes'

export const healthRouter = createRouter().openapi(healthRoute, async (c) => {
  const engine = c.var.engine
  const reachable = await isReachable(c.var.db)
  const mode = getEnv().NODE_ENV
  return reachable
    ? c.json({ status: 'ok' as const, mode, database: { engine, reachable } }, 200)
    : c.json({ status: 'error' as const, mode, database: { engine, reachable } }, 503)
})
