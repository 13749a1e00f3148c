import {
  getEstablishmentFramework,
  getGeneralFramework,
  listBoards,
  listEstablishmentsForUser,
} from '~/features/establishments/establishments.server'
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
  .openapi(establishmentFrameworkRoute, async (c) =>
    c.json({ data: await getEstablishmentFramework(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(boardsRoute, async (c) => {
    const { dashboard_type_id } = c.req.valid('query')
    return c.json({ data: await listBoards(c.var.db, c.var.establishmentId, dashboard_type_id) }, 200)
  })
