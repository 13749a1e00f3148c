import {
  getRiderFramework,
  getUserRoles,
  listEstablishmentsForUser,
} from '~/features/establishments/establishments.server'
import { createRouter } from '../lib/create-router'
import { riderFrameworkRoute, userEstablishmentsRoute, userRolesRoute } from './users.routes'

export const usersRouter = createRouter()
  .openapi(userEstablishmentsRoute, async (c) =>
    c.json({ data: await listEstablishmentsForUser(c.var.db, c.var.user) }, 200),
  )
  .openapi(userRolesRoute, async (c) => c.json({ data: await getUserRoles(c.var.db, c.var.user) }, 200))
  .openapi(riderFrameworkRoute, async (c) => c.json({ data: await getRiderFramework(c.var.db) }, 200))
