import { ALERT_MESSAGES } from '~/features/alerts/alerts.schema'
import {
  activeAlertsOfAnimal,
  createAlerts,
  listActiveAlerts,
  markAlertsRead,
} from '~/features/alerts/alerts.server'
import { createRouter } from '../lib/create-router'
import {
  activeAlertsRoute,
  animalAlertsRoute,
  createAlertsRoute,
  markAlertReadRoute,
  markAlertsReadRoute,
} from './alerts.routes'

/** The routes' guards checked the caller's access to every alert (alerts.routes.ts). */
const readSuccess = (data: Awaited<ReturnType<typeof markAlertsRead>>) => ({
  message: ALERT_MESSAGES.readSuccess,
  data,
})

export const alertsRouter = createRouter()
  .openapi(createAlertsRoute, async (c) => {
    const { alerts } = c.req.valid('json')
    const data = await createAlerts(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      alerts,
    })
    return c.json({ message: ALERT_MESSAGES.createSuccess, data }, 201)
  })
  .openapi(markAlertsReadRoute, async (c) => {
    const { ids } = c.req.valid('json')
    return c.json(readSuccess(await markAlertsRead(c.var.db, { alertIds: ids, userId: c.var.user.id })), 200)
  })
  .openapi(markAlertReadRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json(readSuccess(await markAlertsRead(c.var.db, { alertIds: [id], userId: c.var.user.id })), 200)
  })
  .openapi(activeAlertsRoute, async (c) =>
    c.json(await listActiveAlerts(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(animalAlertsRoute, async (c) =>
    c.json({ data: await activeAlertsOfAnimal(c.var.db, c.req.valid('param').id) }, 200),
  )
