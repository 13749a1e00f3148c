import { ESTABLISHMENT_ADMIN_MESSAGES as M } from '~/features/establishments/establishment-admin.schema'
import {
  createEstablishment,
  getEstablishmentDetail,
  listAllEstablishments,
  setEstablishmentArchived,
  updateEstablishment,
} from '~/features/establishments/establishment-admin.server'
import { createRouter } from '../lib/create-router'
import {
  archiveEstablishmentRoute,
  createEstablishmentRoute,
  establishmentDetailRoute,
  listAllEstablishmentsRoute,
  unarchiveEstablishmentRoute,
  updateEstablishmentRoute,
} from './establishment-admin.routes'

/** The routes' guards checked who may (establishment-admin.routes.ts). */
export const establishmentAdminRouter = createRouter()
  .openapi(listAllEstablishmentsRoute, async (c) =>
    c.json({ data: await listAllEstablishments(c.var.db) }, 200),
  )
  .openapi(createEstablishmentRoute, async (c) => {
    const body = c.req.valid('json')
    const data = await createEstablishment(c.var.db, { userId: c.var.user.id, ...body })
    return c.json({ message: M.created, data }, 201)
  })
  .openapi(establishmentDetailRoute, async (c) =>
    c.json({ data: await getEstablishmentDetail(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(updateEstablishmentRoute, async (c) => {
    const body = c.req.valid('json')
    const data = await updateEstablishment(c.var.db, {
      userId: c.var.user.id,
      id: c.var.establishmentId,
      ...body,
    })
    return c.json({ message: M.updated, data }, 200)
  })
  .openapi(archiveEstablishmentRoute, async (c) => {
    const data = await setEstablishmentArchived(c.var.db, {
      userId: c.var.user.id,
      id: c.var.establishmentId,
      archived: true,
    })
    return c.json({ message: M.archived, data }, 200)
  })
  .openapi(unarchiveEstablishmentRoute, async (c) => {
    const data = await setEstablishmentArchived(c.var.db, {
      userId: c.var.user.id,
      id: c.var.establishmentId,
      archived: false,
    })
    return c.json({ message: M.unarchived, data }, 200)
  })
