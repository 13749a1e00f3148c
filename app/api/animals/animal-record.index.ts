import type { Context } from 'hono'
import type { ZodError } from 'zod'
import type { DB } from '~/db/database.server'
import { ANIMAL_MESSAGES, describeAnimalError } from '~/features/animals/animal-record.schema'
import {
  animalEstablishment,
  animalEvents,
  createAnimal,
  deleteAnimal,
  getAnimalDetail,
  pickAnimals,
  updateAnimal,
} from '~/features/animals/animal-record.server'
import { invalid, notFound } from '~/lib/domain-errors'
import { createRouter } from '../lib/create-router'
import {
  animalDetailRoute,
  animalEventsRoute,
  animalPickerRoute,
  createAnimalRoute,
  deleteAnimalRoute,
  establishmentAnimalRoute,
  updateAnimalRoute,
} from './animal-record.routes'

/** A rejected animal body names the field in Spanish ('RFID: Debe tener 15 caracteres'). */
function animalBodyHook(result: { success: true } | { success: false; error: ZodError }, c: Context) {
  if (!result.success) return c.json({ error: describeAnimalError(result.error) }, 400)
}

async function detailOrNotFound(db: DB, animalId: string) {
  const detail = await getAnimalDetail(db, animalId)
  if (!detail) throw notFound(ANIMAL_MESSAGES.notFound)
  return detail
}

/**
 * The animal must be a live one of the establishment of the address (whose guard checked the
 * caller belongs to it).
 */
async function requireAnimalOf(db: DB, establishmentId: number, animalId: string) {
  if ((await animalEstablishment(db, animalId)) !== establishmentId) throw notFound(ANIMAL_MESSAGES.notFound)
}

export const animalRecordRouter = createRouter()
  .openapi(animalDetailRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json({ data: await detailOrNotFound(c.var.db, id) }, 200)
  })
  .openapi(animalEventsRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json({ data: await animalEvents(c.var.db, id) }, 200)
  })
  .openapi(establishmentAnimalRoute, async (c) => {
    const { aid } = c.req.valid('param')
    const eid = c.var.establishmentId
    await requireAnimalOf(c.var.db, eid, aid)
    return c.json({ data: await detailOrNotFound(c.var.db, aid) }, 200)
  })
  .openapi(
    updateAnimalRoute,
    async (c) => {
      const { aid } = c.req.valid('param')
      const eid = c.var.establishmentId
      await requireAnimalOf(c.var.db, eid, aid)
      const data = await updateAnimal(c.var.db, {
        establishmentId: eid,
        animalId: aid,
        userId: c.var.user.id,
        patch: c.req.valid('json'),
      })
      return c.json({ message: ANIMAL_MESSAGES.updateSuccess, data }, 200)
    },
    animalBodyHook,
  )
  .openapi(deleteAnimalRoute, async (c) => {
    const { aid } = c.req.valid('param')
    const { version } = c.req.valid('query')
    const eid = c.var.establishmentId
    await requireAnimalOf(c.var.db, eid, aid)
    await deleteAnimal(c.var.db, { establishmentId: eid, animalId: aid, userId: c.var.user.id, version })
    return c.json({ message: ANIMAL_MESSAGES.deleteSuccess }, 200)
  })
  .openapi(
    createAnimalRoute,
    async (c) => {
      const eid = c.var.establishmentId
      const record = c.req.valid('json')
      if (record.establishment_id !== undefined && record.establishment_id !== eid)
        throw invalid(ANIMAL_MESSAGES.establishmentMismatch, 'establishment_id')
      const data = await createAnimal(c.var.db, { establishmentId: eid, userId: c.var.user.id, record })
      return c.json({ message: ANIMAL_MESSAGES.createSuccess, data }, 201)
    },
    animalBodyHook,
  )
  .openapi(animalPickerRoute, async (c) => {
    return c.json(await pickAnimals(c.var.db, c.var.establishmentId, c.req.valid('query')), 200)
  })
