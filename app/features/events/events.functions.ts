import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage } from '~/features/auth/session.server'
import { EVENT_KIND_INFO, EVENT_KINDS, type EventKind, WEIGHING_DELETE_MESSAGES } from './event-kinds'
import { CREATE_EVENT_SCHEMAS, UPDATE_EVENT_SCHEMAS } from './events.schema'
import type { EventListResponse, EventRowByKind } from './events-list.schema'

const kindSchema = z.enum(EVENT_KINDS)
const establishmentId = z.number().int().positive()

/** One page of a kind's events (spec: GET /v2/establishment/{establishmentId}/{type}). */
export const listEventsFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      kind: kindSchema,
      establishmentId,
      query: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  )
  .handler(
    async ({ data }): Promise<EventListResponse<EventRowByKind[EventKind]>> =>
      provider()
        .get(`v2/establishment/${data.establishmentId}/${EVENT_KIND_INFO[data.kind].listPath}`, {
          searchParams: data.query,
        })
        .json<EventListResponse<EventRowByKind[EventKind]>>(),
  )

/** The create body of each kind, checked with the API's own schema before it is sent. */
const createInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('artificial-insemination'),
    establishmentId,
    body: CREATE_EVENT_SCHEMAS['artificial-insemination'],
  }),
  z.object({
    kind: z.literal('pregnancy-check'),
    establishmentId,
    body: CREATE_EVENT_SCHEMAS['pregnancy-check'],
  }),
  z.object({ kind: z.literal('preservice'), establishmentId, body: CREATE_EVENT_SCHEMAS.preservice }),
  z.object({ kind: z.literal('weighing'), establishmentId, body: CREATE_EVENT_SCHEMAS.weighing }),
])

export type SaveEventResult = ActionResult & { row?: EventRowByKind[EventKind] }

/** Records one event; a failure carries the server's message (or 'Error desconocido') for the toast. */
export const createEventFn = createServerFn({ method: 'POST' })
  .validator(createInput)
  .handler(async ({ data }): Promise<SaveEventResult> => {
    try {
      const response = await provider()
        .post(`v2/establishment/${data.establishmentId}/${EVENT_KIND_INFO[data.kind].resourcePath}`, {
          json: data.body,
        })
        .json<{ message: string; data: EventRowByKind[EventKind] }>()
      return { ok: true, message: response.message, row: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })

const id = z.number().int().positive()
const updateInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('artificial-insemination'),
    id,
    body: UPDATE_EVENT_SCHEMAS['artificial-insemination'],
  }),
  z.object({ kind: z.literal('pregnancy-check'), id, body: UPDATE_EVENT_SCHEMAS['pregnancy-check'] }),
  z.object({ kind: z.literal('preservice'), id, body: UPDATE_EVENT_SCHEMAS.preservice }),
  z.object({ kind: z.literal('weighing'), id, body: UPDATE_EVENT_SCHEMAS.weighing }),
])

/** Edits an event on the version it was read at (a 409 says someone saved it meanwhile). */
export const updateEventFn = createServerFn({ method: 'POST' })
  .validator(updateInput)
  .handler(async ({ data }): Promise<SaveEventResult> => {
    try {
      const response = await provider()
        .patch(`v2/${EVENT_KIND_INFO[data.kind].resourcePath}/${data.id}`, { json: data.body })
        .json<{ message: string; data: EventRowByKind[EventKind] }>()
      return { ok: true, message: response.message, row: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })

export const deleteWeighingFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id, version: z.number().int().positive() }))
  .handler(async ({ data }): Promise<ActionResult> => {
    try {
      await provider().delete(`v2/weighings/${data.id}`, { searchParams: { version: data.version } })
      return { ok: true, message: WEIGHING_DELETE_MESSAGES.success }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })
