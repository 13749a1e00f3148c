import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage, providerRead } from '~/features/auth/session.server'
import { EVENT_KIND_INFO, EVENT_KINDS, type EventKind, WEIGHING_DELETE_MESSAGES } from './event-kinds'
import { adaptEventPage, type EventPage, listFailedMessage } from './events.adapter'
import { type Parsed, parseCreateRequest, parseUpdateRequest } from './events.wire'
import type { EventRowByKind } from './events-list.schema'

const kindSchema = z.enum(EVENT_KINDS)
const establishmentId = z.number().int().positive()

/**
 * One page of a kind's events (spec: GET /v2/establishment/{establishmentId}/{type}), its rows
 * checked against the kind's shape (events.adapter.ts).
 */
export const listEventsFn = createServerFn({ method: 'GET' })
  .validator(
    z.object({
      kind: kindSchema,
      establishmentId,
      query: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  )
  .handler(async ({ data }): Promise<EventPage<EventRowByKind[EventKind]>> => {
    const response = await providerRead(listFailedMessage(data.kind), () =>
      provider()
        .get(`v2/establishment/${data.establishmentId}/${EVENT_KIND_INFO[data.kind].listPath}`, {
          searchParams: data.query,
        })
        .json<unknown>(),
    )
    return adaptEventPage(data.kind, response)
  })

/**
 * A write's body, checked with the API's own schema and sent in spec section 7's formats (see
 * events.wire.ts): whatever a caller sends, the provider gets the spec's body.
 */
function requestOf<T>(parse: (kind: EventKind, body: unknown) => Parsed<T>) {
  return (data: { kind: EventKind; body: unknown }, ctx: z.RefinementCtx) => {
    const parsed = parse(data.kind, data.body)
    if (parsed.ok) return parsed.write
    for (const issue of parsed.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['body', ...issue.path] })
    return z.NEVER
  }
}

const createInput = z
  .object({ kind: kindSchema, establishmentId, body: z.unknown() })
  .transform((data, ctx) => ({
    establishmentId: data.establishmentId,
    write: requestOf(parseCreateRequest)(data, ctx),
  }))

export type SaveEventResult = ActionResult & { row?: EventRowByKind[EventKind] }

/** Records one event; a failure carries the server's message (or 'Error desconocido') for the toast. */
export const createEventFn = createServerFn({ method: 'POST' })
  .validator(createInput)
  .handler(async ({ data }): Promise<SaveEventResult> => {
    try {
      const response = await provider()
        .post(`v2/establishment/${data.establishmentId}/${EVENT_KIND_INFO[data.write.kind].resourcePath}`, {
          json: data.write.body,
        })
        .json<{ message: string; data: EventRowByKind[EventKind] }>()
      return { ok: true, message: response.message, row: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })

const id = z.number().int().positive()
const updateInput = z
  .object({ kind: kindSchema, id, body: z.unknown() })
  .transform((data, ctx) => ({ id: data.id, write: requestOf(parseUpdateRequest)(data, ctx) }))

/** Edits an event on the version it was read at (a 409 says someone saved it meanwhile). */
export const updateEventFn = createServerFn({ method: 'POST' })
  .validator(updateInput)
  .handler(async ({ data }): Promise<SaveEventResult> => {
    try {
      const response = await provider()
        .patch(`v2/${EVENT_KIND_INFO[data.write.kind].resourcePath}/${data.id}`, { json: data.write.body })
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
