import type { SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import { farmToday } from '~/lib/record-rules'
import type { EventKind } from './event-kinds'
import {
  type EventCreateRequest,
  type EventUpdateRequest,
  type Parsed,
  parseCreateRequest,
  parseUpdateRequest,
} from './events.wire'
import type { EventRowByKind } from './events-list.schema'

/**
 * The values of a record form, for every kind at once (each kind shows and sends its own fields).
 * Field names are the API's (spec section 3), so the API schema's messages land on the right field.
 */
export type RecordFormValues = {
  animal_id: string
  cattle_handling_id: number | null
  /** 'YYYY-MM-DD' (IA, diagnosis, pre-service) or 'YYYY-MM-DD HH:mm:ss' (weighing); '' when empty. */
  read_at: string
  bull_id: number | null
  inseminator_id: number | null
  pregnancy_check_detailId: number | null
  /** 0 no, 1 yes (spec section 9). */
  is_ultrasound_scan: number | null
  reproductive_grade_id: number | null
  ovarian_status_id: number | null
  weighing_time_id: number | null
  weight: number | null
}
export type RecordField = keyof RecordFormValues

/**
 * The fields to fill for each animal, in the form's order: once an animal is picked, the first of
 * them still empty takes the focus (none: the save button does, so Enter records the animal).
 */
export const FIELDS_TO_FILL: Record<EventKind, RecordField[]> = {
  'artificial-insemination': ['bull_id'],
  'pregnancy-check': ['pregnancy_check_detailId'],
  preservice: ['reproductive_grade_id', 'ovarian_status_id'],
  weighing: ['weight'],
}

/**
 * What stays from one animal to the next at the chute, besides the session and the date: the bull
 * and inseminator of a day of IATF, the method of a diagnosis, the moment of a weighing. What is the
 * animal's own (its weight, its diagnosis, its grade) is cleared.
 */
export const SHARED_FIELDS: Record<EventKind, RecordField[]> = {
  'artificial-insemination': ['bull_id', 'inseminator_id'],
  'pregnancy-check': ['is_ultrasound_scan'],
  preservice: [],
  weighing: ['weighing_time_id'],
}

/** The farm's date now, in the form the kind's date field holds. */
export function recordDateNow(kind: EventKind, now = new Date()) {
  if (kind !== 'weighing') return farmToday(now)
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Argentina/Buenos_Aires',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now)
  return `${farmToday(now)} ${time}:00`
}

export function emptyRecordValues(kind: EventKind, session: SessionHeader | undefined): RecordFormValues {
  return {
    animal_id: '',
    cattle_handling_id: session?.id ?? null,
    read_at: recordDateNow(kind),
    bull_id: null,
    inseminator_id: null,
    pregnancy_check_detailId: null,
    is_ultrasound_scan: 0,
    reproductive_grade_id: null,
    ovarian_status_id: null,
    weighing_time_id: null,
    weight: null,
  }
}

/** The values of the next animal at the chute: session, date and the kind's shared fields kept. */
export function nextAnimalValues(kind: EventKind, values: RecordFormValues): RecordFormValues {
  const next: RecordFormValues = {
    ...emptyRecordValues(kind, undefined),
    cattle_handling_id: values.cattle_handling_id,
    read_at: values.read_at,
  }
  for (const field of SHARED_FIELDS[kind]) Object.assign(next, { [field]: values[field] })
  return next
}

/** The spec's create body of a kind, from the form (spec section 7's read_at formats). */
function createBody(kind: EventKind, v: RecordFormValues) {
  const common = { animal_id: v.animal_id, cattle_handling_id: v.cattle_handling_id }
  switch (kind) {
    case 'artificial-insemination':
      return {
        ...common,
        bull_id: v.bull_id,
        // Spec section 3: the text 'null' means not specified.
        inseminator_id: v.inseminator_id ?? 'null',
        read_at: v.read_at.slice(0, 10),
      }
    case 'pregnancy-check':
      return {
        ...common,
        pregnancy_check_detailId: v.pregnancy_check_detailId,
        is_ultrasound_scan: v.is_ultrasound_scan === 1 ? '1' : '0',
        read_at: v.read_at.slice(0, 10),
      }
    case 'preservice':
      return {
        ...common,
        reproductive_grade_id: v.reproductive_grade_id,
        ovarian_status_id: v.ovarian_status_id,
        read_at: v.read_at,
      }
    case 'weighing':
      return { ...common, weighing_time_id: v.weighing_time_id, weight: v.weight, read_at: v.read_at }
  }
}

/** The form's values as the kind's create request (checked with the API's own schema, spec formats). */
export function parseCreate(
  kind: EventKind,
  values: RecordFormValues,
  options: { confirmRepeat?: boolean } = {},
): Parsed<EventCreateRequest> {
  // A repeat in the session is recorded only when the person confirmed it (decision 022).
  const confirmation = options.confirmRepeat ? { confirm_repeat: true } : {}
  return parseCreateRequest(kind, { ...createBody(kind, values), ...confirmation })
}

/** An edit: the kind's fields and the date as the form has them, on the version that was read. */
export function parseUpdate(
  kind: EventKind,
  values: RecordFormValues,
  version: number,
): Parsed<EventUpdateRequest> {
  const { animal_id: _animal, cattle_handling_id: _session, ...fields } = createBody(kind, values)
  return parseUpdateRequest(kind, { ...fields, version })
}

/** The message of the API schema about one field of the form, if any. */
export function recordFieldIssue(kind: EventKind, field: RecordField, values: RecordFormValues) {
  const parsed = parseCreate(kind, values)
  if (parsed.ok) return undefined
  return parsed.issues.find((issue) => issue.path[0] === field)?.message
}

/** An event being edited: its ids, its animal and session (shown, not changed) and its values. */
export interface EventEdit {
  id: number
  version: number
  animalTag: string
  session: SessionHeader
  values: RecordFormValues
  /**
   * The record's own bull and inseminator. An archived one (a bull that died) leaves the pickers'
   * options but still names old records: the edit form keeps it as an option, or its picker would
   * show empty and a save would drop it.
   */
  current?: { bull?: KeptOption; inseminator?: KeptOption }
}

/** A picker option the edit keeps whatever the pickers list (value and label, as SelectOption). */
interface KeptOption {
  value: number
  label: string
}

/** The edit of a list row. */
export function editOfRow<K extends EventKind>(kind: K, row: EventRowByKind[K]): EventEdit
export function editOfRow(kind: EventKind, row: EventRowByKind[EventKind]): EventEdit {
  const base = {
    ...emptyRecordValues(kind, { id: row.cattle_handling_id, name: row.cattle_handling_name }),
    animal_id: row.animal_id,
  }
  const common = {
    version: row.version,
    animalTag: row.visible_tag,
    session: { id: row.cattle_handling_id, name: row.cattle_handling_name },
  }
  if ('weighing_id' in row) {
    return {
      ...common,
      id: row.weighing_id,
      values: {
        ...base,
        read_at: row.current_weight_date,
        weighing_time_id: row.weighing_time_id,
        weight: row.current_weight,
      },
    }
  }
  if ('artificial_insemination_id' in row) {
    return {
      ...common,
      id: row.artificial_insemination_id,
      values: {
        ...base,
        read_at: row.artificial_insemination_date.slice(0, 10),
        bull_id: row.bull_id,
        inseminator_id: row.inseminator_id,
      },
      current: {
        bull: row.bull_id === null ? undefined : { value: row.bull_id, label: row.bull_alias ?? '' },
        inseminator:
          row.inseminator_id === null
            ? undefined
            : { value: row.inseminator_id, label: row.inseminator_name ?? '' },
      },
    }
  }
  if ('pregnancy_check_id' in row) {
    return {
      ...common,
      id: row.pregnancy_check_id,
      values: {
        ...base,
        read_at: row.pregnancy_check_date.slice(0, 10),
        pregnancy_check_detailId: row.pregnancy_check_detail?.id ?? null,
        is_ultrasound_scan: row.is_ultrasound_scan,
      },
    }
  }
  return {
    ...common,
    id: row.preservice_id,
    values: {
      ...base,
      read_at: row.preservice_date.slice(0, 10),
      reproductive_grade_id: row.reproductive_grade?.id ?? null,
      ovarian_status_id: row.ovarian_status?.id ?? null,
    },
  }
}
