import { EVENT_KIND_INFO } from '~/features/events/event-kinds'
import type { EventCreateRequest } from '~/features/events/events.wire'
import type { CreateBirthValues, CreateTreatmentsValues } from '~/features/riders/riders.schema'
import { formatNumber } from '~/lib/format'

/**
 * The kinds of record the offline outbox holds (decision 040). Each is a registry entry: how the
 * 'Registros sin sincronizar' and 'Revisar' lists describe it, and (offline.functions.ts, SENDERS)
 * how it is sent: the chute's four events, and the births and treatments of Recorredores.
 */
export const OUTBOX_RECORD_KINDS = ['event', 'birth', 'treatment'] as const
export type OutboxRecordKind = (typeof OUTBOX_RECORD_KINDS)[number]

/** What the outbox holds for each kind: the same request the online write sends. */
export interface OutboxPayloads {
  event: { establishmentId: number; kind: EventCreateRequest['kind']; body: EventCreateRequest['body'] }
  birth: { establishmentId: number; body: CreateBirthValues }
  treatment: { establishmentId: number; body: CreateTreatmentsValues }
}

export interface OutboxKind<K extends OutboxRecordKind> {
  /** What the record is, in the lists ('Pesada', 'Inseminación'…). */
  label: (payload: OutboxPayloads[K]) => string
  /** A short account of it ('350,5 kg'), beside the animal's tag. */
  detail: (payload: OutboxPayloads[K]) => string
  /** The session it belongs to, for the chute's counters. */
  session: (payload: OutboxPayloads[K]) => number | null
  /** The animal it is about, for the chute's "already recorded" warning. */
  animal: (payload: OutboxPayloads[K]) => string | null
}

export const OUTBOX_KINDS: { [K in OutboxRecordKind]: OutboxKind<K> } = {
  event: {
    label: (payload) => {
      // 'una pesada' → 'Pesada'
      const noun = EVENT_KIND_INFO[payload.kind].aSingular.replace(/^una? /, '')
      return noun.charAt(0).toUpperCase() + noun.slice(1)
    },
    detail: (payload) => {
      const body = payload.body as { weight?: number | string }
      return payload.kind === 'weighing' && body.weight !== undefined
        ? `${formatNumber(Number(String(body.weight).replace(',', '.')), 1)} kg`
        : ''
    },
    session: (payload) => Number(payload.body.cattle_handling_id) || null,
    animal: (payload) => String(payload.body.animal_id),
  },
  birth: {
    label: () => 'Parto',
    detail: (payload) =>
      payload.body.tag_pending || !payload.body.calf_visual_tag
        ? 'ternero pendiente de caravana'
        : `ternero ${payload.body.calf_visual_tag}`,
    session: () => null,
    animal: (payload) => payload.body.mother_id ?? null,
  },
  treatment: {
    label: () => 'Tratamiento',
    detail: (payload) => {
      const count = payload.body.animal_ids?.length ?? 0
      return count > 1 ? `${formatNumber(count)} animales` : ''
    },
    session: () => null,
    animal: (payload) => payload.body.animal_ids?.[0] ?? null,
  },
}

/** The answer to one record's sync. */
export type SyncResult = { ok: true } | { ok: false; error: string; retry: boolean }
