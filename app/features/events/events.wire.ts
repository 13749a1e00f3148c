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

/** The body checked with `schema`; when it passes, written the spec's way by `wire`. */
function check<S extends z.ZodType, T>(schema: S, body: unknown, wire: (data: z.output<S>) => T): Parsed<T> {
  const r = schema.safeParse(body)
  return r.success ? { ok: true, write: wire(r.data) } : { ok: false, issues: r.error.issues }
}

/** The fields below, in the spec's form, when the body has them (an edit may leave them out). */
const day = (readAt: string | undefined) => (readAt === undefined ? {} : { read_at: readAt.slice(0, 10) })
const asSent = (readAt: string | undefined, body: unknown) =>
  readAt === undefined ? {} : { read_at: sentReadAt(body) ?? readAt }
const inseminator = (id: number | null | undefined) =>
  id === undefined ? {} : { inseminator_id: id ?? ('null' as const) }
const ultrasound = (scan: boolean | undefined) =>
  scan === undefined ? {} : { is_ultrasound_scan: scan ? ('1' as const) : ('0' as const) }

/** A create body checked with the kind's schema and written in spec section 7's formats. */
export function parseCreateRequest(kind: EventKind, body: unknown): Parsed<EventCreateRequest> {
  switch (kind) {
    case 'artificial-insemination':
      return check(CREATE_EVENT_SCHEMAS[kind], body, ({ inseminator_id, read_at, ...rest }) => ({
        kind,
        body: { ...rest, read_at: read_at.slice(0, 10), inseminator_id: inseminator_id ?? 'null' },
      }))
    case 'pregnancy-check':
      return check(CREATE_EVENT_SCHEMAS[kind], body, ({ is_ultrasound_scan, read_at, ...rest }) => ({
        kind,
        body: { ...rest, read_at: read_at.slice(0, 10), is_ultrasound_scan: is_ultrasound_scan ? '1' : '0' },
      }))
    case 'preservice':
      return check(CREATE_EVENT_SCHEMAS[kind], body, (data) => ({
        kind,
        body: { ...data, read_at: sentReadAt(body) ?? data.read_at },
      }))
    case 'weighing':
      return check(CREATE_EVENT_SCHEMAS[kind], body, (data) => ({ kind, body: data }))
  }
}

/** An edit body checked with the kind's schema, the fields it changes written like a create's. */
export function parseUpdateRequest(kind: EventKind, body: unknown): Parsed<EventUpdateRequest> {
  switch (kind) {
    case 'artificial-insemination':
      return check(UPDATE_EVENT_SCHEMAS[kind], body, ({ inseminator_id, read_at, ...rest }) => ({
        kind,
        body: { ...rest, ...day(read_at), ...inseminator(inseminator_id) },
      }))
    case 'pregnancy-check':
      return check(UPDATE_EVENT_SCHEMAS[kind], body, ({ is_ultrasound_scan, read_at, ...rest }) => ({
        kind,
        body: { ...rest, ...day(read_at), ...ultrasound(is_ultrasound_scan) },
      }))
    case 'preservice':
      return check(UPDATE_EVENT_SCHEMAS[kind], body, ({ read_at, ...rest }) => ({
        kind,
        body: { ...rest, ...asSent(read_at, body) },
      }))
    case 'weighing':
      return check(UPDATE_EVENT_SCHEMAS[kind], body, (data) => ({ kind, body: data }))
  }
}
