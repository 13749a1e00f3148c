import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { FEEDLOT_MESSAGES } from '~/features/feedlot/feedlot.schema'
import {
  feedlotBoard,
  importDeliveries,
  penDetail,
  removePen,
  savePen,
} from '~/features/feedlot/feedlot.server'
import { createRouter } from '../lib/create-router'
import {
  deliveriesUploadRoute,
  feedlotBoardRoute,
  penDetailRoute,
  removePenRoute,
  savePenRoute,
} from './feedlot.routes'

/** The farm's today (the database session's time zone), the default projection date. */
async function today(db: DB) {
  const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(db)
  return rows[0]?.today as string
}

export const feedlotRouter = createRouter()
  .openapi(feedlotBoardRoute, async (c) => {
    const at = c.req.valid('query').date ?? (await today(c.var.db))
    return c.json(await feedlotBoard(c.var.db, c.var.establishmentId, at), 200)
  })
  .openapi(penDetailRoute, async (c) => {
    const at = c.req.valid('query').date ?? (await today(c.var.db))
    return c.json(await penDetail(c.var.db, c.var.establishmentId, c.req.valid('param').rodeoId, at), 200)
  })
  .openapi(savePenRoute, async (c) => {
    await savePen(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      rodeoId: c.req.valid('param').rodeoId,
      targetWeight: c.req.valid('json').target_weight,
    })
    return c.json({ message: FEEDLOT_MESSAGES.penSaved }, 200)
  })
  .openapi(removePenRoute, async (c) => {
    await removePen(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      rodeoId: c.req.valid('param').rodeoId,
    })
    return c.json({ message: FEEDLOT_MESSAGES.penRemoved }, 200)
  })
  .openapi(deliveriesUploadRoute, async (c) => {
    const rows = await importDeliveries(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      file: c.req.valid('form').file,
    })
    return c.json({ message: FEEDLOT_MESSAGES.deliveriesSaved(rows), rows }, 201)
  })
