import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { provider, providerFind, providerRead } from '~/features/auth/session.server'
import { ANIMAL_MESSAGES } from './animal-record.schema'
import type { AnimalFilterOptions, AnimalListResponse, AnimalListRow } from './animals.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listAnimalsFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ query: z.record(z.string(), z.union([z.string(), z.number()])) }))
  .handler(async ({ data }): Promise<AnimalListResponse> => {
    return providerRead(ANIMAL_MESSAGES.listError, () =>
      provider()
        .get(`v2/establishments/${data.establishmentId}/animals`, { searchParams: data.query })
        .json<AnimalListResponse>(),
    )
  })

export const animalFilterOptionsFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<AnimalFilterOptions> => {
    const response = await providerRead(ANIMAL_MESSAGES.filterOptionsError, () =>
      provider().get(`v1/establishment/${data.establishmentId}/filter`).json<{ data: AnimalFilterOptions }>(),
    )
    return response.data
  })

/** The live animal a tag (IDV or RFID) names in the establishment, with its context; null if none. */
export const findAnimalByTagFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ tag: z.string().trim().min(1).max(40) }))
  .handler(async ({ data }): Promise<AnimalListRow | null> => {
    const response = await providerFind(ANIMAL_MESSAGES.lookupError, () =>
      provider()
        .get(`v2/establishments/${data.establishmentId}/animals/lookup`, { searchParams: { tag: data.tag } })
        .json<{ data: AnimalListRow }>(),
    )
    return response?.data ?? null
  })
