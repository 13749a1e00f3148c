import type { Context } from 'hono'
import { EVENT_KIND_INFO, type EventKind, WEIGHING_DELETE_MESSAGES } from '~/features/events/event-kinds'
import type { CreateEventBody, UpdateEventBody } from '~/features/events/events.schema'
import { createEvent, deleteWeighing, listEvents, updateEvent } from '~/features/events/events.server'
import type { EventListQuery } from '~/features/events/events-list.schema'
import { pageEnvelope } from '~/lib/list-query'
import { createRouter } from '../lib/create-router'
import type { ApiEnv, EstablishmentEnv } from '../lib/types'
import {
  deleteWeighingRoute,
  inseminationRoutes,
  pregnancyCheckRoutes,
  preserviceRoutes,
  weighingRoutes,
} from './events.routes'

/** A page of a kind's events, in the animals list's envelope (data, meta, links). */
async function listPage(c: Context<EstablishmentEnv>, kind: EventKind, query: EventListQuery) {
  const establishmentId = c.var.establishmentId
  const { rows, total, page, perPage } = await listEvents(c.var.db, kind, establishmentId, query)
  return { data: rows, ...pageEnvelope(c.req.url, page, perPage, total, rows.length) }
}

async function create<K extends EventKind>(
  c: Context<EstablishmentEnv>,
  write: { kind: K; body: CreateEventBody<K> },
) {
  const data = await createEvent(c.var.db, write, c.var.establishmentId, c.var.user.id)
  return { message: EVENT_KIND_INFO[write.kind].messages.createSuccess, data }
}

/** The route's guard checked the caller belongs to the event's establishment (events.routes.ts). */
async function update<K extends EventKind>(
  c: Context<ApiEnv>,
  id: number,
  write: { kind: K; body: UpdateEventBody<K> },
) {
  const data = await updateEvent(c.var.db, write, id, c.var.user.id)
  return { message: EVENT_KIND_INFO[write.kind].messages.updateSuccess, data }
}

export const eventsRouter = createRouter()
  // Inseminations
  .openapi(inseminationRoutes.list, async (c) =>
    c.json(await listPage(c, 'artificial-insemination', c.req.valid('query')), 200),
  )
  .openapi(inseminationRoutes.create, async (c) =>
    c.json(
      await create(c, {
        kind: 'artificial-insemination',
        body: c.req.valid('json'),
      }),
      201,
    ),
  )
  .openapi(inseminationRoutes.update, async (c) =>
    c.json(
      await update(c, c.req.valid('param').id, {
        kind: 'artificial-insemination',
        body: c.req.valid('json'),
      }),
      200,
    ),
  )
  // Pregnancy checks
  .openapi(pregnancyCheckRoutes.list, async (c) =>
    c.json(await listPage(c, 'pregnancy-check', c.req.valid('query')), 200),
  )
  .openapi(pregnancyCheckRoutes.create, async (c) =>
    c.json(
      await create(c, {
        kind: 'pregnancy-check',
        body: c.req.valid('json'),
      }),
      201,
    ),
  )
  .openapi(pregnancyCheckRoutes.update, async (c) =>
    c.json(
      await update(c, c.req.valid('param').id, { kind: 'pregnancy-check', body: c.req.valid('json') }),
      200,
    ),
  )
  // Pre-services
  .openapi(preserviceRoutes.list, async (c) =>
    c.json(await listPage(c, 'preservice', c.req.valid('query')), 200),
  )
  .openapi(preserviceRoutes.create, async (c) =>
    c.json(
      await create(c, {
        kind: 'preservice',
        body: c.req.valid('json'),
      }),
      201,
    ),
  )
  .openapi(preserviceRoutes.update, async (c) =>
    c.json(await update(c, c.req.valid('param').id, { kind: 'preservice', body: c.req.valid('json') }), 200),
  )
  // Weighings
  .openapi(weighingRoutes.list, async (c) => c.json(await listPage(c, 'weighing', c.req.valid('query')), 200))
  .openapi(weighingRoutes.create, async (c) =>
    c.json(await create(c, { kind: 'weighing', body: c.req.valid('json') }), 201),
  )
  .openapi(weighingRoutes.update, async (c) =>
    c.json(await update(c, c.req.valid('param').id, { kind: 'weighing', body: c.req.valid('json') }), 200),
  )
  .openapi(deleteWeighingRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { version } = c.req.valid('query')
    await deleteWeighing(c.var.db, id, c.var.user.id, version)
    return c.json({ message: WEIGHING_DELETE_MESSAGES.success }, 200)
  })
