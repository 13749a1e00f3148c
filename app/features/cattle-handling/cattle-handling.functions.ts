import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage, providerRead } from '~/features/auth/session.server'
import {
  CATTLE_HANDLING_WORKS,
  createSessionSchema,
  SESSION_MESSAGES,
  type Session,
  type SessionHeader,
} from './cattle-handling.schema'

/** The establishment's session headers, of one work type when given (spec: GET /v2/cattle_handlings/headers). */
export const listSessionHeadersFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      establishmentId: z.number().int().positive(),
      work: z.literal(CATTLE_HANDLING_WORKS).optional(),
    }),
  )
  .handler(async ({ data }): Promise<SessionHeader[]> => {
    const searchParams: Record<string, number> = { establishmentId: data.establishmentId }
    if (data.work !== undefined) searchParams.cattle_handling_work = data.work
    const response = await providerRead(SESSION_MESSAGES.listError, () =>
      provider().get('v2/cattle_handlings/headers', { searchParams }).json<{ data: SessionHeader[] }>(),
    )
    return response.data
  })

/** Creates a session; the failure carries the server's message for the toast. */
export const createSessionFn = createServerFn({ method: 'POST' })
  .validator(createSessionSchema)
  .handler(async ({ data }): Promise<ActionResult & { session?: Session }> => {
    try {
      const response = await provider()
        .post('v2/cattle-handlings', { json: data })
        .json<{ message: string; data: Session }>()
      return { ok: true, message: response.message, session: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })

/** One session with its counters (the chute's "N animales registrados"). */
export const getSessionFn = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.number().int().positive() }))
  .handler(async ({ data }): Promise<Session> => {
    const response = await providerRead(SESSION_MESSAGES.readError, () =>
      provider().get(`v2/cattle-handlings/${data.id}`).json<{ data: Session }>(),
    )
    return response.data
  })
