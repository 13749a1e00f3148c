import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { provider } from '~/features/auth/session.server'
import type { AnimalFilterOptions, AnimalListResponse } from './animals.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })

export const listAnimalsFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ query: z.record(z.string(), z.union([z.string(), z.number()])) }))
  .handler(async ({ data }): Promise<AnimalListResponse> => {
    return provider()
      .get(`v2/establishments/${data.establishmentId}/animals`, { searchParams: data.query })
      .json<AnimalListResponse>()
  })

export const animalFilterOptionsFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(async ({ data }): Promise<AnimalFilterOptions> => {
    const response = await provider()
      .get(`v1/establishment/${data.establishmentId}/filter`)
      .json<{ data: AnimalFilterOptions }>()
    return response.data
  })
