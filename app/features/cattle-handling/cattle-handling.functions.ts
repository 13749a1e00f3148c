import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  createSessionRoute,
  getSessionRoute,
  sessionHeadersRoute,
} from '~/api/cattle-handlings/cattle-handlings.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
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
    const response = await provider().read(SESSION_MESSAGES.listError, sessionHeadersRoute, {
      query: { establishmentId: data.establishmentId, cattle_handling_work: data.work },
    })
    return response.data
  })

/** Creates a session; the failure carries the server's message for the toast. */
export const createSessionFn = createServerFn({ method: 'POST' })
  .validator(createSessionSchema)
  .handler(
    ({ data }): Promise<ActionResult & { session?: Session }> =>
      providerAction(undefined, async () => {
        const response = await provider().call(createSessionRoute, { json: data })
        return { ok: true as const, message: response.message, session: response.data }
      }),
  )

/** One session with its counters (the chute's "N animales registrados"). */
export const getSessionFn = createServerFn({ method: 'GET' })
  .validator(z.object({ id: z.number().int().positive() }))
  .handler(async ({ data }): Promise<Session> => {
    const response = await provider().read(SESSION_MESSAGES.readError, getSessionRoute, {
      param: { id: data.id },
    })
    return response.data
  })
