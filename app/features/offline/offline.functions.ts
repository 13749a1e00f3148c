import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { EVENT_KINDS } from '~/features/events/event-kinds'
import { parseCreateRequest } from '~/features/events/events.wire'
import { postEvent } from '~/features/events/events-create.forward.server'
import { postRiderRecord } from '~/features/riders/rider-records-create.forward.server'
import { createBirthSchema, createTreatmentsSchema } from '~/features/riders/riders.schema'
import { ProviderError, providerErrorMessage } from '~/lib/provider-api.server'
import { IDEMPOTENCY_MESSAGES } from './offline.schema'
import { OUTBOX_RECORD_KINDS, type OutboxRecordKind, type SyncResult } from './outbox-kinds'

/**
 * How each kind of outbox record reaches the provider (decision 040): its payload is checked with
 * the same schema as the online write and sent to the same API route — whose rules module
 * (decision 022) decides — with the record's idempotency key. A new kind of record is one entry
 * here and one in `OUTBOX_KINDS` (outbox-kinds.ts).
 */
const SENDERS: Record<OutboxRecordKind, (payload: unknown, key: string) => Promise<void>> = {
  event: async (payload, key) => {
    const envelope = eventPayload.safeParse(payload)
    if (!envelope.success) throw new RecordRefused('Registro inválido')
    // The body checked with the API's own schema, as the form's create does (events.wire.ts).
    const parsed = parseCreateRequest(envelope.data.kind, envelope.data.body)
    if (!parsed.ok) throw new RecordRefused(parsed.issues[0]?.message ?? 'Datos inválidos')
    await postEvent(envelope.data.establishmentId, parsed.write, key)
  },
  // Recorredores' calvings and treatments: the body checked with the kind's create schema, as
  // `createRiderRecordFn` checks the online form's.
  birth: (payload, key) => sendRiderRecord('births', createBirthSchema, payload, key),
  treatment: (payload, key) => sendRiderRecord('treatments', createTreatmentsSchema, payload, key),
}

class RecordRefused extends Error {}

const eventPayload = z.object({
  establishmentId: z.number().int().positive(),
  kind: z.enum(EVENT_KINDS),
  body: z.unknown(),
})

const riderPayload = z.object({ establishmentId: z.number().int().positive(), body: z.unknown() })

async function sendRiderRecord<S extends z.ZodType>(
  kind: 'births' | 'treatments',
  schema: S,
  payload: unknown,
  key: string,
) {
  const envelope = riderPayload.safeParse(payload)
  if (!envelope.success) throw new RecordRefused('Registro inválido')
  const body = schema.safeParse(envelope.data.body)
  if (!body.success) throw new RecordRefused(body.error.issues[0]?.message ?? 'Datos inválidos')
  await postRiderRecord(envelope.data.establishmentId, { kind, body: body.data } as never, key)
}

/** Statuses worth retrying: the record may be written later as it is. */
function retryable(error: unknown) {
  if (error instanceof RecordRefused) return false
  if (!(error instanceof ProviderError)) return true
  if (error.status === 409 && error.providerMessage === IDEMPOTENCY_MESSAGES.busy) return true
  return error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 401
}

/**
 * Sends one outbox record. A refusal comes back with the provider's Spanish reason and `retry:
 * false` (the record goes to 'Revisar'); a failure that may pass (the provider down, a session
 * expired: 401) with `retry: true`.
 */
export const syncRecordFn = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      key: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/),
      kind: z.enum(OUTBOX_RECORD_KINDS),
      payload: z.unknown(),
    }),
  )
  .handler(async ({ data }): Promise<SyncResult> => {
    try {
      await SENDERS[data.kind](data.payload, data.key)
      return { ok: true }
    } catch (error) {
      const message =
        error instanceof RecordRefused ? error.message : providerErrorMessage(error, 'Error desconocido')
      return { ok: false, error: message, retry: retryable(error) }
    }
  })
