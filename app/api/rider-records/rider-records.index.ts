import { createBirth, deleteBirth, listBirths, updateBirth } from '~/features/riders/births.server'
import { calvingKpis } from '~/features/riders/calving-kpis.server'
import { createDeath, deleteDeath, listDeaths, updateDeath } from '~/features/riders/deaths.server'
import { riderFormOptions } from '~/features/riders/rider-facts.server'
import {
  createBodyCondition,
  createNote,
  deleteBodyCondition,
  deleteNote,
  listBodyConditions,
  listNotes,
  updateBodyCondition,
  updateNote,
} from '~/features/riders/rider-records.server'
import { RIDER_KIND_TEXT } from '~/features/riders/riders.schema'
import {
  createTreatments,
  deleteTreatment,
  listTreatments,
  updateTreatment,
} from '~/features/riders/treatments.server'
import { createRouter } from '../lib/create-router'
import { calvingKpisRoute, riderFormOptionsRoute } from './calving-kpis.routes'
import {
  birthRoutes,
  bodyConditionRoutes,
  deathRoutes,
  noteRoutes,
  treatmentRoutes,
} from './rider-records.routes'

const T = RIDER_KIND_TEXT
const updated = 'Registro modificado'

/** The routes' guards checked membership (lists, creates) or the record's establishment (edits). */
export const riderRecordsRouter = createRouter()
  .openapi(birthRoutes.list, async (c) =>
    c.json(await listBirths(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(birthRoutes.create, async (c) => {
    const data = await createBirth(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      body: c.req.valid('json'),
    })
    return c.json({ message: T.births.created, data }, 201)
  })
  .openapi(birthRoutes.update, async (c) => {
    const { id } = c.req.valid('param')
    const data = await updateBirth(c.var.db, { id, userId: c.var.user.id, body: c.req.valid('json') })
    return c.json({ message: updated, data }, 200)
  })
  .openapi(birthRoutes.remove, async (c) => {
    const { id } = c.req.valid('param')
    await deleteBirth(c.var.db, { id, userId: c.var.user.id, calf: c.req.valid('query').calf })
    return c.json({ message: T.births.deleted }, 200)
  })
  .openapi(deathRoutes.list, async (c) =>
    c.json(await listDeaths(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(deathRoutes.create, async (c) => {
    const data = await createDeath(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      body: c.req.valid('json'),
    })
    return c.json({ message: T.deaths.created, data }, 201)
  })
  .openapi(deathRoutes.update, async (c) => {
    const { id } = c.req.valid('param')
    const data = await updateDeath(c.var.db, { id, userId: c.var.user.id, body: c.req.valid('json') })
    return c.json({ message: updated, data }, 200)
  })
  .openapi(deathRoutes.remove, async (c) => {
    await deleteDeath(c.var.db, { id: c.req.valid('param').id, userId: c.var.user.id })
    return c.json({ message: T.deaths.deleted }, 200)
  })
  .openapi(treatmentRoutes.list, async (c) =>
    c.json(await listTreatments(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(treatmentRoutes.create, async (c) => {
    const data = await createTreatments(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      body: c.req.valid('json'),
    })
    return c.json({ message: T.treatments.created, data }, 201)
  })
  .openapi(treatmentRoutes.update, async (c) => {
    const { id } = c.req.valid('param')
    const data = await updateTreatment(c.var.db, { id, userId: c.var.user.id, body: c.req.valid('json') })
    return c.json({ message: updated, data }, 200)
  })
  .openapi(treatmentRoutes.remove, async (c) => {
    await deleteTreatment(c.var.db, { id: c.req.valid('param').id, userId: c.var.user.id })
    return c.json({ message: T.treatments.deleted }, 200)
  })
  .openapi(bodyConditionRoutes.list, async (c) =>
    c.json(await listBodyConditions(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(bodyConditionRoutes.create, async (c) => {
    const data = await createBodyCondition(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      body: c.req.valid('json'),
    })
    return c.json({ message: T['body-conditions'].created, data }, 201)
  })
  .openapi(bodyConditionRoutes.update, async (c) => {
    const { id } = c.req.valid('param')
    const data = await updateBodyCondition(c.var.db, { id, userId: c.var.user.id, body: c.req.valid('json') })
    return c.json({ message: updated, data }, 200)
  })
  .openapi(bodyConditionRoutes.remove, async (c) => {
    await deleteBodyCondition(c.var.db, { id: c.req.valid('param').id, userId: c.var.user.id })
    return c.json({ message: T['body-conditions'].deleted }, 200)
  })
  .openapi(noteRoutes.list, async (c) =>
    c.json(await listNotes(c.var.db, c.var.establishmentId, c.req.valid('query')), 200),
  )
  .openapi(noteRoutes.create, async (c) => {
    const data = await createNote(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      body: c.req.valid('json'),
    })
    return c.json({ message: T.notes.created, data }, 201)
  })
  .openapi(noteRoutes.update, async (c) => {
    const { id } = c.req.valid('param')
    const data = await updateNote(c.var.db, { id, userId: c.var.user.id, body: c.req.valid('json') })
    return c.json({ message: updated, data }, 200)
  })
  .openapi(noteRoutes.remove, async (c) => {
    await deleteNote(c.var.db, { id: c.req.valid('param').id, userId: c.var.user.id })
    return c.json({ message: T.notes.deleted }, 200)
  })
  .openapi(calvingKpisRoute, async (c) =>
    c.json(
      { data: await calvingKpis(c.var.db, c.var.establishmentId, c.req.valid('query').season_start) },
      200,
    ),
  )
  .openapi(riderFormOptionsRoute, async (c) =>
    c.json({ data: await riderFormOptions(c.var.db, c.var.establishmentId) }, 200),
  )
