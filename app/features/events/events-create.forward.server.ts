import {
  inseminationRoutes,
  pregnancyCheckRoutes,
  preserviceRoutes,
  weighingRoutes,
} from '~/api/events/events.routes'
import { provider } from '~/features/auth/session.server'
import type { EventCreateRequest } from './events.wire'

/**
 * Forwards a create to its kind's provider route (a switch, so each body is checked against its own
 * route), for the two server functions that record events: the form's (`createEventFn`) and the
 * offline chute's outbox (`syncRecordFn`), which names each record with an idempotency key
 * (decision 040). A server-only module: a server function's file would ship it to the browser.
 */
export function postEvent(establishmentId: number, write: EventCreateRequest, idempotencyKey?: string) {
  const api = provider()
  const param = { establishmentId }
  const options = idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined
  switch (write.kind) {
    case 'artificial-insemination':
      return api.call(inseminationRoutes.create, { param, json: write.body }, options)
    case 'pregnancy-check':
      return api.call(pregnancyCheckRoutes.create, { param, json: write.body }, options)
    case 'preservice':
      return api.call(preserviceRoutes.create, { param, json: write.body }, options)
    case 'weighing':
      return api.call(weighingRoutes.create, { param, json: write.body }, options)
  }
}
