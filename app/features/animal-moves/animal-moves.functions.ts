import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { assignToRodeoRoute, assignToTypeRoute } from '~/api/animal-moves/animal-moves.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { assignAnimalsSchema, MOVE_MESSAGES } from './animal-moves.schema'

export const MOVE_KINDS = ['rodeo', 'type'] as const
export type MoveKind = (typeof MOVE_KINDS)[number]

const ASSIGN_ROUTES = { rodeo: assignToRodeoRoute, type: assignToTypeRoute } as const

/** Moves the animals to a rodeo ('rodeo') or category ('type'): all of them, or none. */
export const assignAnimalsFn = createServerFn({ method: 'POST' })
  .validator(assignAnimalsSchema.extend({ kind: z.enum(MOVE_KINDS), targetId: z.number().int().positive() }))
  .handler(
    ({ data }): Promise<ActionResult & { updated?: number }> =>
      providerAction(data.kind === 'rodeo' ? MOVE_MESSAGES.rodeoError : MOVE_MESSAGES.typeError, async () => {
        const result = await provider().call(ASSIGN_ROUTES[data.kind], {
          param: { id: data.targetId },
          json: { animal_ids: data.animal_ids },
        })
        return { ok: true, message: result.message, updated: result.data.updated }
      }),
  )
