import type { z } from 'zod'
import type { EventKind } from './event-kinds'
import {
  CREATE_EVENT_SCHEMAS,
  type CreateEventBody,
  UPDATE_EVENT_SCHEMAS,
  type UpdateEventBody,
} from './events.schema'

/**
 * Event writes as the provider's client sends them (spec section 7). The kind's schema checks a
 * body, but its output is the form the database stores (a timestamp, a boolean, null), not the
 * form the spec's calls carry: `read_at` is 'yyyy-MM-dd' for an insemination and a pregnancy check,
 * sent unchanged for a pre-service and 'yyyy-MM-dd HH:mm:ss' for a weighing; `inseminator_id` is the
 * text 'null' when not specified; `is_ultrasound_scan` is '0' or '1'. So a body is checked with the
 * schema and then written back in those formats (like `toWire` for animals). Edits, whose body the
 * spec does not show, are sent in the same formats.
 */

type Ultrasound = '0' | '1'

export interface CreateEventWire {
  'artificial-insemination': Omit<CreateEventBody<'artificial-insemination'>, 'inseminator_id'> & {
    inseminator_id: number | 'null'
  }
  'pregnancy-check': Omit<CreateEventBody<'pregnancy-check'>, 'is_ultrasound_scan'> & {
    is_ultrasound_scan: Ultrasound
  }
  preservice: CreateEventBody<'preservice'>
  weighing: CreateEventBody<'weighing'>
}

export interface UpdateEventWire {
  'artificial-insemination': Omit<UpdateEventBody<'artificial-insemination'>, 'inseminator_id'> & {
    inseminator_id?: number | 'null'
  }
  'pregnancy-check': Omit<UpdateEventBody<'pregnancy-check'>, 'is_ultrasound_scan'> & {
    is_ultrasound_scan?: Ultrasound
  }
  preservice: UpdateEventBody<'preservice'>
  weighing: UpdateEventBody<'weighing'>
}

/** A create request of one kind, as sent to the provider. */
export type EventCreateRequest = { [K in EventKind]: { kind: K; body: CreateEventWire[K] } }[EventKind]
/** An edit request of one kind, as sent to the provider. */
export type EventUpdateRequest = { [K in EventKind]: { kind: K; body: UpdateEventWire[K] } }[EventKind]

export type Parsed<T> = { ok: true; write: T } | { ok: false; issues: z.core.$ZodIssue[] }

/** What the body said for read_at: a pre-service sends it back unchanged. */
function sentReadAt(body: unknown) {
  if (typeof body !== 'object' || body === null || !('read_at' in body)) return undefined
  return typeof body.read_at === 'string' ? body.read_at : undefined
}

const day = (readAt: string) => readAt.slice(0, 10)
const ultrasound = (scan: boolean): Ultrasound => (scan ? '1' : '0')

/** A create body checked with the kind's schema and written in spec section 7's formats. */
export function parseCreateRequest(kind: EventKind, body: unknown): Parsed<EventCreateRequest> {
  switch (kind) {
    case 'artificial-insemination': {
      const r = CREATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      const { inseminator_id, read_at } = r.data
      return {
        ok: true,
        write: { kind, body: { ...r.data, inseminator_id: inseminator_id ?? 'null', read_at: day(read_at) } },
      }
    }
    case 'pregnancy-check': {
      const r = CREATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      const { is_ultrasound_scan, read_at } = r.data
      return {
        ok: true,
        write: {
          kind,
          body: { ...r.data, is_ultrasound_scan: ultrasound(is_ultrasound_scan), read_at: day(read_at) },
        },
      }
    }
    case 'preservice': {
      const r = CREATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      return { ok: true, write: { kind, body: { ...r.data, read_at: sentReadAt(body) ?? r.data.read_at } } }
    }
    case 'weighing': {
      const r = CREATE_EVENT_SCHEMAS[kind].safeParse(body)
      return r.success ? { ok: true, write: { kind, body: r.data } } : { ok: false, issues: r.error.issues }
    }
  }
}

/** An edit body checked with the kind's schema, the fields it changes written like a create's. */
export function parseUpdateRequest(kind: EventKind, body: unknown): Parsed<EventUpdateRequest> {
  switch (kind) {
    case 'artificial-insemination': {
      const r = UPDATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      const { inseminator_id, read_at, ...rest } = r.data
      return {
        ok: true,
        write: {
          kind,
          body: {
            ...rest,
            ...(read_at !== undefined ? { read_at: day(read_at) } : {}),
            ...(inseminator_id !== undefined ? { inseminator_id: inseminator_id ?? 'null' } : {}),
          },
        },
      }
    }
    case 'pregnancy-check': {
      const r = UPDATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      const { is_ultrasound_scan, read_at, ...rest } = r.data
      return {
        ok: true,
        write: {
          kind,
          body: {
            ...rest,
            ...(read_at !== undefined ? { read_at: day(read_at) } : {}),
            ...(is_ultrasound_scan !== undefined
              ? { is_ultrasound_scan: ultrasound(is_ultrasound_scan) }
              : {}),
          },
        },
      }
    }
    case 'preservice': {
      const r = UPDATE_EVENT_SCHEMAS[kind].safeParse(body)
      if (!r.success) return { ok: false, issues: r.error.issues }
      const { read_at, ...rest } = r.data
      const sent = read_at !== undefined ? (sentReadAt(body) ?? read_at) : undefined
      return {
        ok: true,
        write: { kind, body: { ...rest, ...(sent !== undefined ? { read_at: sent } : {}) } },
      }
    }
    case 'weighing': {
      const r = UPDATE_EVENT_SCHEMAS[kind].safeParse(body)
      return r.success ? { ok: true, write: { kind, body: r.data } } : { ok: false, issues: r.error.issues }
    }
  }
}
