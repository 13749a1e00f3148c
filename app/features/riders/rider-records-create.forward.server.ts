import { birthRoutes, treatmentRoutes } from '~/api/rider-records/rider-records.routes'
import { provider } from '~/features/auth/session.server'
import type { CreateBirth, CreateTreatments } from './riders.schema'

/**
 * Forwards a calving or a treatment recorded offline to its provider route with the record's
 * idempotency key (decision 040): the offline outbox's sender (`syncRecordFn`) calls it with a body
 * already checked by the kind's create schema, as the online form's `createRiderRecordFn` checks it.
 * A server-only module: a server function's file would ship it to the browser.
 */
export function postRiderRecord(
  establishmentId: number,
  write: { kind: 'births'; body: CreateBirth } | { kind: 'treatments'; body: CreateTreatments },
  idempotencyKey: string,
) {
  const api = provider()
  const param = { id: establishmentId }
  const options = { headers: { 'Idempotency-Key': idempotencyKey } }
  switch (write.kind) {
    case 'births':
      return api.call(birthRoutes.create, { param, json: write.body }, options)
    case 'treatments':
      return api.call(treatmentRoutes.create, { param, json: write.body }, options)
  }
}
