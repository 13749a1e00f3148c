import {
  getEstablishmentFramework,
  getGeneralFramework,
  listBoards,
  listEstablishmentsForUser,
} from '~/features/establishments/establishments.server'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import {
  boardsRoute,
  establishmentFrameworkRoute,
  establishmentsRoute,
  generalFrameworkRoute,
} from './establishments.routes'

export const establishmentsRouter = createRouter()
  .openapi(establishmentsRoute, async (c) =>
    c.json({ data: await listEstablishmentsForUser(c.var.db, c.var.user) }, 200),
  )
  .openapi(generalFrameworkRoute, async (c) => c.json({ data: await getGeneralFramework(c.var.db) }, 200))
  .openapi(establishmentFrameworkRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireMembership(c, id)
    return c.json({ data: await getEstablishmentFramework(c.var.db, id) }, 200)
  })
  .openapi(boardsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireMembership(c, id)
    return c.json({ data: await listBoards(c.var.db, id, c.req.valid('query').dashboard_type_id) }, 200)
  })
