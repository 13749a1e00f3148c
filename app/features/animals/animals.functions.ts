import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { animalFilterOptionsRoute, animalListRoute, animalLookupRoute } from '~/api/animals/animals.routes'
import { provider } from '~/features/auth/session.server'
import { asJsonAnswer } from '~/lib/query-defaults'
import { ANIMAL_MESSAGES } from './animal-record.schema'
import type { AnimalFilterOptions, AnimalListResponse, AnimalListRow } from './animals.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listAnimalsFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ query: z.record(z.string(), z.union([z.string(), z.number()])) }))
  .handler(async ({ data }): Promise<AnimalListResponse> => {
    // Plain JSON (its schema has no transforms): the Animales page embeds it as JSON text (decision 050).
    return asJsonAnswer(
      await provider().read(ANIMAL_MESSAGES.listError, animalListRoute, {
        param: { establishmentId: data.establishmentId },
        query: data.query,
      }),
    )
  })

export const animalFilterOptionsFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<AnimalFilterOptions> => {
    const response = await provider().read(ANIMAL_MESSAGES.filterOptionsError, animalFilterOptionsRoute, {
      param: { eid: data.establishmentId },
    })
    return response.data
  })

/** The live animal a tag (IDV or RFID) names in the establishment, with its context; null if none. */
export const findAnimalByTagFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ tag: z.string().trim().min(1).max(40) }))
  .handler(async ({ data }): Promise<AnimalListRow | null> => {
    const response = await provider().find(ANIMAL_MESSAGES.lookupError, animalLookupRoute, {
      param: { establishmentId: data.establishmentId },
      query: { tag: data.tag },
    })
    return response?.data ?? null
  })
