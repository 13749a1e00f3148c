import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  deleteWeighingRoute,
  inseminationRoutes,
  pregnancyCheckRoutes,
  preserviceRoutes,
  weighingRoutes,
} from '~/api/events/events.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { EVENT_KINDS, type EventKind, WEIGHING_DELETE_MESSAGES } from './event-kinds'
import { adaptEventPage, type EventPage, listFailedMessage } from './events.adapter'
import { type EventUpdateRequest, type Parsed, parseCreateRequest, parseUpdateRequest } from './events.wire'
import { postEvent } from './events-create.forward.server'
import type { EventRowByKind } from './events-list.schema'

const kindSchema = z.enum(EVENT_KINDS)

/** Each kind's list route. */
const LIST_ROUTES = {
  'artificial-insemination': inseminationRoutes.list,
  'pregnancy-check': pregnancyCheckRoutes.list,
  preservice: preserviceRoutes.list,
  weighing: weighingRoutes.list,
} as const satisfies Record<EventKind, unknown>
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
    const response = await provider().read(listFailedMessage(data.kind), LIST_ROUTES[data.kind], {
      param: { establishmentId: data.establishmentId },
      query: data.query,
    })
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

/** An edit sent to its kind's route. */
function patchEvent(id: number, write: EventUpdateRequest) {
  const api = provider()
  const param = { id }
  switch (write.kind) {
    case 'artificial-insemination':
      return api.call(inseminationRoutes.update, { param, json: write.body })
    case 'pregnancy-check':
      return api.call(pregnancyCheckRoutes.update, { param, json: write.body })
    case 'preservice':
      return api.call(preserviceRoutes.update, { param, json: write.body })
    case 'weighing':
      return api.call(weighingRoutes.update, { param, json: write.body })
  }
}

/** Records one event; a failure carries the server's message (or 'Error desconocido') for the toast. */
export const createEventFn = createServerFn({ method: 'POST' })
  .validator(createInput)
  .handler(
    ({ data }): Promise<SaveEventResult> =>
      providerAction(undefined, async () => {
        const response = await postEvent(data.establishmentId, data.write)
        return { ok: true as const, message: response.message, row: response.data }
      }),
  )

const id = z.number().int().positive()
const updateInput = z
  .object({ kind: kindSchema, id, body: z.unknown() })
  .transform((data, ctx) => ({ id: data.id, write: requestOf(parseUpdateRequest)(data, ctx) }))

/** Edits an event on the version it was read at (a 409 says someone saved it meanwhile). */
export const updateEventFn = createServerFn({ method: 'POST' })
  .validator(updateInput)
  .handler(
    ({ data }): Promise<SaveEventResult> =>
      providerAction(undefined, async () => {
        const response = await patchEvent(data.id, data.write)
        return { ok: true as const, message: response.message, row: response.data }
      }),
  )

export const deleteWeighingFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id, version: z.number().int().positive() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(undefined, async () => {
        await provider().call(deleteWeighingRoute, {
          param: { id: data.id },
          query: { version: data.version },
        })
        return { ok: true, message: WEIGHING_DELETE_MESSAGES.success }
      }),
  )
