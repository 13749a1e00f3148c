import type { Context } from 'hono'
import type { ZodError } from 'zod'
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
import { requireAccessTo, requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import type { ApiEnv } from '../lib/types'
import {
  animalDetailRoute,
  animalEventsRoute,
  animalPickerRoute,
  createAnimalRoute,
  deleteAnimalRoute,
  establishmentAnimalRoute,
  updateAnimalRoute,
} from './animal-record.routes'

/**
 * The caller may see the animal: it is live and of an establishment they belong to. Unknown,
 * deleted and foreign animals answer the same 404, so ids of other establishments cannot be probed.
 */
export async function requireAnimalAccess(c: Context<ApiEnv>, animalId: string) {
  return requireAccessTo(c, await animalEstablishment(c.var.db, animalId), ANIMAL_MESSAGES.notFound)
}

/** A rejected animal body names the field in Spanish ('RFID: Debe tener 15 caracteres'). */
function animalBodyHook(result: { success: true } | { success: false; error: ZodError }, c: Context) {
  if (!result.success) return c.json({ error: describeAnimalError(result.error) }, 400)
}

async function detailOrNotFound(c: Context<ApiEnv>, animalId: string) {
  const detail = await getAnimalDetail(c.var.db, animalId)
  if (!detail) throw new ApiError(404, ANIMAL_MESSAGES.notFound)
  return detail
}

/** The animal must be a live one of the establishment of the address. */
async function requireAnimalOf(c: Context<ApiEnv>, establishmentId: number, animalId: string) {
  await requireMembership(c, establishmentId)
  if ((await animalEstablishment(c.var.db, animalId)) !== establishmentId)
    throw new ApiError(404, ANIMAL_MESSAGES.notFound)
}

export const animalRecordRouter = createRouter()
  .openapi(animalDetailRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireAnimalAccess(c, id)
    return c.json({ data: await detailOrNotFound(c, id) }, 200)
  })
  .openapi(animalEventsRoute, async (c) => {
    const { id } = c.req.valid('param')
    await requireAnimalAccess(c, id)
    return c.json({ data: await animalEvents(c.var.db, id) }, 200)
  })
  .openapi(establishmentAnimalRoute, async (c) => {
    const { eid, aid } = c.req.valid('param')
    await requireAnimalOf(c, eid, aid)
    return c.json({ data: await detailOrNotFound(c, aid) }, 200)
  })
  .openapi(
    updateAnimalRoute,
    async (c) => {
      const { eid, aid } = c.req.valid('param')
      await requireAnimalOf(c, eid, aid)
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
    const { eid, aid } = c.req.valid('param')
    const { version } = c.req.valid('query')
    await requireAnimalOf(c, eid, aid)
    await deleteAnimal(c.var.db, { establishmentId: eid, animalId: aid, userId: c.var.user.id, version })
    return c.json({ message: ANIMAL_MESSAGES.deleteSuccess }, 200)
  })
  .openapi(
    createAnimalRoute,
    async (c) => {
      const { eid } = c.req.valid('param')
      await requireMembership(c, eid)
      const record = c.req.valid('json')
      if (record.establishment_id !== undefined && record.establishment_id !== eid)
        throw new ApiError(400, ANIMAL_MESSAGES.establishmentMismatch)
      const data = await createAnimal(c.var.db, { establishmentId: eid, userId: c.var.user.id, record })
      return c.json({ message: ANIMAL_MESSAGES.createSuccess, data }, 201)
    },
    animalBodyHook,
  )
  .openapi(animalPickerRoute, async (c) => {
    const { establishmentId } = c.req.valid('param')
    await requireMembership(c, establishmentId)
    return c.json(await pickAnimals(c.var.db, establishmentId, c.req.valid('query')), 200)
  })
