import { RODEO_MESSAGES } from '~/features/rodeos/rodeos.schema'
import { createRodeo, listRodeos } from '~/features/rodeos/rodeos.server'
import { createRouter } from '../lib/create-router'
import { createRodeoRoute, listRodeosRoute } from './rodeos.routes'

/** The routes' guards checked membership (and, to create, admin rights): rodeos.routes.ts. */
export const rodeosRouter = createRouter()
  .openapi(listRodeosRoute, async (c) =>
    c.json({ data: await listRodeos(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(createRodeoRoute, async (c) => {
    const { name } = c.req.valid('json')
    const data = await createRodeo(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      name,
    })
    return c.json({ message: RODEO_MESSAGES.createSuccess, data }, 201)
  })
