import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage } from '~/features/auth/session.server'
import { type AssignAnimalsResult, assignAnimalsSchema, MOVE_MESSAGES } from './animal-moves.schema'

export const MOVE_KINDS = ['rodeo', 'type'] as const
export type MoveKind = (typeof MOVE_KINDS)[number]

/** Moves the animals to a rodeo ('rodeo') or category ('type'): all of them, or none. */
export const assignAnimalsFn = createServerFn({ method: 'POST' })
  .validator(assignAnimalsSchema.extend({ kind: z.enum(MOVE_KINDS), targetId: z.number().int().positive() }))
  .handler(async ({ data }): Promise<ActionResult & { updated?: number }> => {
    try {
      const result = await provider()
        .post(`v2/animals/assign-to-${data.kind}/${data.targetId}`, { json: { animal_ids: data.animal_ids } })
        .json<AssignAnimalsResult>()
      return { ok: true, message: result.message, updated: result.data.updated }
    } catch (error) {
      const fallback = data.kind === 'rodeo' ? MOVE_MESSAGES.rodeoError : MOVE_MESSAGES.typeError
      return { ok: false, error: providerErrorMessage(error, fallback) }
    }
  })
