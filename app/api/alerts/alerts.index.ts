import type { Context } from 'hono'
import { ALERT_MESSAGES } from '~/features/alerts/alerts.schema'
import {
  activeAlertsOfAnimal,
  createAlerts,
  establishmentsOfAlerts,
  listActiveAlerts,
  markAlertsRead,
} from '~/features/alerts/alerts.server'
import { establishmentOfAnimals } from '~/features/animal-moves/animal-moves.server'
import { requireAnimalAccess } from '../animals/animal-record.index'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import type { ApiEnv } from '../lib/types'
import {
  activeAlertsRoute,
  animalAlertsRoute,
  createAlertsRoute,
  markAlertReadRoute,
  markAlertsReadRoute,
} from './alerts.routes'

/** Alerts are checked against the establishments they belong to before any is touched. */
async function markRead(c: Context<ApiEnv>, ids: number[]) {
  for (const establishmentId of await establishmentsOfAlerts(c.var.db, ids)) {
    await requireMembership(c, establishmentId)
  }
  const result = await markAlertsRead(c.var.db, { alertIds: ids, userId: c.var.user.id })
  return { message: ALERT_MESSAGES.readSuccess, data: result }
}

export const alertsRouter = createRouter()
  .openapi(createAlertsRoute, async (c) => {
    const { alerts } = c.req.valid('json')
    const establishmentId = await establishmentOfAnimals(
      c.var.db,
      alerts.map((alert) => alert.animal_id),
    )
    await requireMembership(c, establishmentId)
    const data = await createAlerts(c.var.db, { establishmentId, userId: c.var.user.id, alerts })
    return c.json({ message: ALERT_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(markAlertsReadRoute, async (c) => c.json(await markRead(c, c.req.valid('json').ids), 200))
  .openapi(markAlertReadRoute, async (c) => c.json(await markRead(c, [c.req.valid('param').id]), 200))
  .openapi(activeAlertsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireMembership(c, id)
    return c.json(await listActiveAlerts(c.var.db, id, c.req.valid('query')), 200)
  })
  .openapi(animalAlertsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireAnimalAccess(c, id)
    return c.json({ data: await activeAlertsOfAnimal(c.var.db, id) }, 200)
  })
