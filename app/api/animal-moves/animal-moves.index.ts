import { MOVE_MESSAGES } from '~/features/animal-moves/animal-moves.schema'
import { assignAnimals, findCategory, findRodeo } from '~/features/animal-moves/animal-moves.server'
import { createRouter } from '../lib/create-router'
import { assignToRodeoRoute, assignToTypeRoute } from './animal-moves.routes'

export const animalMovesRouter = createRouter()
  .openapi(assignToRodeoRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { animal_ids } = c.req.valid('json')
    // The rodeo names the establishment (its guard checked the caller belongs to it); every animal
    // must be of it too.
    const rodeo = await findRodeo(c.var.db, id)
    const result = await assignAnimals(c.var.db, {
      establishmentId: rodeo.establishment_id,
      column: 'rodeo_id',
      targetId: rodeo.id,
      animalIds: animal_ids,
      userId: c.var.user.id,
    })
    return c.json({ message: MOVE_MESSAGES.rodeoSuccess, data: result }, 200)
  })
  .openapi(assignToTypeRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { animal_ids } = c.req.valid('json')
    const category = await findCategory(c.var.db, id)
    const result = await assignAnimals(c.var.db, {
      establishmentId: c.var.establishmentId,
      column: 'animal_type_id',
      targetId: category.id,
      category: category.description,
      animalIds: animal_ids,
      userId: c.var.user.id,
    })
    return c.json({ message: MOVE_MESSAGES.typeSuccess, data: result }, 200)
  })
