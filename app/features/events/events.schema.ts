import { z } from 'zod'
import { isCalendarDate, requiredId } from '~/features/cattle-handling/cattle-handling.schema'
import { dbId } from '~/lib/db-id'
import {
  DEFAULT_WEIGHING_READ_AT,
  isAllowedRecordDate,
  MIN_RECORD_DATE,
  WEIGHT_RANGE,
} from '~/lib/record-rules'
import { EVENT_FIELDS, type EventKind } from './event-kinds'

const F = EVENT_FIELDS
const invalidField = (field: { label: string }) => `${field.label} inválido.` as const

/** Spec section 5: the record forms' and the API's messages. */
export const EVENT_MESSAGES = {
  animalRequired: 'El animal es obligatorio.',
  animalInvalid: 'Animal inválido.',
  sessionRequired: 'La sesión es obligatoria.',
  sessionInvalid: 'Sesión inválida.',
  dateRequired: 'La fecha es obligatoria.',
  dateInvalid: 'Fecha inválida: use AAAA-MM-DD.',
  dateTimeInvalid: 'Fecha inválida: use AAAA-MM-DD HH:mm:ss.',
  dateTooEarly: 'La fecha no puede ser anterior al 01/01/1900.',
  dateInFuture: 'La fecha no puede ser futura.',
  bullRequired: 'El toro es obligatorio.',
  bullInvalid: invalidField(F['artificial-insemination'].bull),
  inseminatorInvalid: invalidField(F['artificial-insemination'].inseminator),
  detailRequired: 'El diagnóstico es obligatorio.',
  detailInvalid: invalidField(F['pregnancy-check'].detail),
  ultrasoundInvalid: 'Ecografía: use 0 (no) o 1 (sí).',
  gradeInvalid: invalidField(F.preservice.grade),
  ovarianInvalid: invalidField(F.preservice.ovarian),
  preserviceEmpty: 'Indique el grado reproductivo o el estado ovárico.',
  weighingTimeInvalid: invalidField(F.weighing.weighingTime),
  weightRequired: 'El peso es obligatorio.',
  weightNotNumber: 'El peso debe ser un número.',
  weightNotPositive: 'El peso debe ser un número mayor a 0.',
  weightOutOfRange: `El peso debe estar entre ${WEIGHT_RANGE.min} y ${WEIGHT_RANGE.max} kg.`,
  versionRequired: 'Falta la versión del registro (version) en la que se basa la edición.',
  nothingToChange: 'No se indicó ningún dato para modificar.',
} as const

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * A record date as the farm's wall clock, normalised to 'YYYY-MM-DD HH:mm:ss' (the form of the
 * database's `timestamp`). Date-only input ('yyyy-MM-dd': insemination and pregnancy check) is
 * midnight. Not before 1900-01-01 nor after the farm's today (spec section 5).
 */
export function normalizeRecordDate(value: string): string | undefined {
  const match = WALL_CLOCK.exec(value.trim())
  if (!match?.[1] || !isCalendarDate(match[1])) return undefined
  const [, day, hh = '00', mm = '00', ss = '00'] = match
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined
  return `${day} ${hh}:${mm}:${ss}`
}

function recordDate(options: { withTime: boolean; whenMissing?: string }) {
  const invalid = options.withTime ? EVENT_MESSAGES.dateTimeInvalid : EVENT_MESSAGES.dateInvalid
  return z.preprocess(
    (value) => {
      if ((value === undefined || value === null || value === '') && options.whenMissing)
        return options.whenMissing
      return value
    },
    z
      .string({ error: EVENT_MESSAGES.dateRequired })
      .trim()
      .min(1, EVENT_MESSAGES.dateRequired)
      .transform((value, ctx) => {
        const normalized = normalizeRecordDate(value)
        if (!normalized) {
          ctx.addIssue({ code: 'custom', message: invalid })
          return z.NEVER
        }
        if (normalized.slice(0, 10) < MIN_RECORD_DATE) {
          ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.dateTooEarly })
          return z.NEVER
        }
        if (!isAllowedRecordDate(normalized)) {
          ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.dateInFuture })
          return z.NEVER
        }
        return normalized
      }),
  )
}

/** A lookup id that may be absent: null, '', 'null' (spec: inseminator_id 'null') mean none. */
const optionalId = (invalid: string) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '' || value === 'null') return null
    return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value
  }, dbId(invalid).nullable())

const animalId = z
  .string({ error: EVENT_MESSAGES.animalRequired })
  .trim()
  .min(1, EVENT_MESSAGES.animalRequired)
  .pipe(z.uuid(EVENT_MESSAGES.animalInvalid))

/** '0'/'1' (spec), 0/1 or a boolean: stored as a boolean. */
const ultrasound = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return false
    if (value === '1' || value === 1 || value === true) return true
    if (value === '0' || value === 0 || value === false) return false
    return value
  },
  z.boolean({ error: EVENT_MESSAGES.ultrasoundInvalid }),
)

/** A weight in kg: a number or its text (a decimal comma is accepted), positive and plausible. */
const weight = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() !== '' ? Number(value.trim().replace(',', '.')) : value,
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? EVENT_MESSAGES.weightRequired
          : EVENT_MESSAGES.weightNotNumber,
    })
    .refine(Number.isFinite, EVENT_MESSAGES.weightNotNumber)
    .refine((kg) => kg > 0, EVENT_MESSAGES.weightNotPositive)
    .refine((kg) => kg >= WEIGHT_RANGE.min && kg <= WEIGHT_RANGE.max, EVENT_MESSAGES.weightOutOfRange)
    .transform((kg) => Math.round(kg * 100) / 100),
)

const session = requiredId(EVENT_MESSAGES.sessionRequired, EVENT_MESSAGES.sessionInvalid)

/**
 * The person confirmed recording an event of the kind for an animal that already has one in the
 * session (the chute's 'Registrar de todos modos'); without it such a repeat is refused (decision 022).
 */
const confirmRepeat = z
  .preprocess((value) => (value === 'true' || value === '1' ? true : value), z.boolean())
  .optional()

/** The fields of each kind (spec section 3, "… (create)"), without the animal, session and date. */
const kindFields = {
  'artificial-insemination': {
    bull_id: requiredId(EVENT_MESSAGES.bullRequired, EVENT_MESSAGES.bullInvalid),
    inseminator_id: optionalId(EVENT_MESSAGES.inseminatorInvalid),
  },
  'pregnancy-check': {
    pregnancy_check_detailId: requiredId(EVENT_MESSAGES.detailRequired, EVENT_MESSAGES.detailInvalid),
    is_ultrasound_scan: ultrasound,
  },
  preservice: {
    reproductive_grade_id: optionalId(EVENT_MESSAGES.gradeInvalid),
    ovarian_status_id: optionalId(EVENT_MESSAGES.ovarianInvalid),
  },
  weighing: {
    weighing_time_id: optionalId(EVENT_MESSAGES.weighingTimeInvalid),
    weight,
  },
} as const

/** read_at per kind (spec section 7): yyyy-MM-dd for IA and diagnosis, date and time for a weighing. */
const readAt = {
  'artificial-insemination': recordDate({ withTime: false }),
  'pregnancy-check': recordDate({ withTime: false }),
  preservice: recordDate({ withTime: false }),
  weighing: recordDate({ withTime: true, whenMissing: DEFAULT_WEIGHING_READ_AT }),
} as const

const preserviceNotEmpty = <
  T extends { reproductive_grade_id?: number | null; ovarian_status_id?: number | null },
>(
  value: T,
) => value.reproductive_grade_id != null || value.ovarian_status_id != null

/** POST /v2/establishment/{id}/artificial-inseminations: animal_id, bull_id, inseminator_id, read_at, cattle_handling_id. */
export const createInseminationSchema = z
  .object({
    animal_id: animalId,
    ...kindFields['artificial-insemination'],
    read_at: readAt['artificial-insemination'],
    cattle_handling_id: session,
    confirm_repeat: confirmRepeat,
  })
  .meta({ id: 'CreateArtificialInsemination' })

/** POST /v2/establishment/{id}/pregnancy-checks. */
export const createPregnancyCheckSchema = z
  .object({
    animal_id: animalId,
    ...kindFields['pregnancy-check'],
    read_at: readAt['pregnancy-check'],
    cattle_handling_id: session,
    confirm_repeat: confirmRepeat,
  })
  .meta({ id: 'CreatePregnancyCheck' })

/** POST /v2/establishment/{id}/preservices (read_at is sent as the form has it). */
export const createPreserviceSchema = z
  .object({
    animal_id: animalId,
    ...kindFields.preservice,
    read_at: readAt.preservice,
    cattle_handling_id: session,
    confirm_repeat: confirmRepeat,
  })
  .refine(preserviceNotEmpty, { message: EVENT_MESSAGES.preserviceEmpty, path: ['ovarian_status_id'] })
  .meta({ id: 'CreatePreservice' })

/** POST /v2/establishment/{id}/weighings (read_at 'yyyy-MM-dd HH:mm:ss'; none: 2025-01-01 00:00:00). */
export const createWeighingSchema = z
  .object({
    animal_id: animalId,
    ...kindFields.weighing,
    read_at: readAt.weighing,
    cattle_handling_id: session,
    confirm_repeat: confirmRepeat,
  })
  .meta({ id: 'CreateWeighing' })

export const CREATE_EVENT_SCHEMAS = {
  'artificial-insemination': createInseminationSchema,
  'pregnancy-check': createPregnancyCheckSchema,
  preservice: createPreserviceSchema,
  weighing: createWeighingSchema,
} as const

export type CreateEventBody<K extends EventKind> = z.output<(typeof CREATE_EVENT_SCHEMAS)[K]>
/** A create body with its kind, so that a switch on `kind` knows the body's fields. */
export type EventCreate = { [K in EventKind]: { kind: K; body: CreateEventBody<K> } }[EventKind]
export type CreateEventInput<K extends EventKind> = z.input<(typeof CREATE_EVENT_SCHEMAS)[K]>

const version = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.number({ error: EVENT_MESSAGES.versionRequired }).int().positive(EVENT_MESSAGES.versionRequired),
)

const hasChange = (body: Record<string, unknown>) =>
  Object.entries(body).some(
    ([key, value]) => key !== 'version' && key !== 'confirm_repeat' && value !== undefined,
  )
const changeRequired = { message: EVENT_MESSAGES.nothingToChange }

/**
 * PATCH bodies: any of the create fields (absent: unchanged; null clears an optional lookup) and the
 * `version` of the event the edit is based on — an edit of a version someone else replaced is refused.
 */
const common = {
  animal_id: animalId.optional(),
  cattle_handling_id: session.optional(),
  version,
  confirm_repeat: confirmRepeat,
}

export const updateInseminationSchema = z
  .object({
    ...common,
    read_at: readAt['artificial-insemination'].optional(),
    bull_id: kindFields['artificial-insemination'].bull_id.optional(),
    inseminator_id: kindFields['artificial-insemination'].inseminator_id.optional(),
  })
  .refine(hasChange, changeRequired)
  .meta({ id: 'UpdateArtificialInsemination' })

export const updatePregnancyCheckSchema = z
  .object({
    ...common,
    read_at: readAt['pregnancy-check'].optional(),
    pregnancy_check_detailId: kindFields['pregnancy-check'].pregnancy_check_detailId.optional(),
    is_ultrasound_scan: kindFields['pregnancy-check'].is_ultrasound_scan.optional(),
  })
  .refine(hasChange, changeRequired)
  .meta({ id: 'UpdatePregnancyCheck' })

export const updatePreserviceSchema = z
  .object({
    ...common,
    read_at: readAt.preservice.optional(),
    reproductive_grade_id: kindFields.preservice.reproductive_grade_id.optional(),
    ovarian_status_id: kindFields.preservice.ovarian_status_id.optional(),
  })
  .refine(hasChange, changeRequired)
  .meta({ id: 'UpdatePreservice' })

export const updateWeighingSchema = z
  .object({
    ...common,
    // A weighing edited without a date keeps its date: no default here.
    read_at: recordDate({ withTime: true }).optional(),
    weighing_time_id: kindFields.weighing.weighing_time_id.optional(),
    weight: kindFields.weighing.weight.optional(),
  })
  .refine(hasChange, changeRequired)
  .meta({ id: 'UpdateWeighing' })

export const UPDATE_EVENT_SCHEMAS = {
  'artificial-insemination': updateInseminationSchema,
  'pregnancy-check': updatePregnancyCheckSchema,
  preservice: updatePreserviceSchema,
  weighing: updateWeighingSchema,
} as const
export type UpdateEventBody<K extends EventKind> = z.output<(typeof UPDATE_EVENT_SCHEMAS)[K]>
/** An edit body with its kind. */
export type EventUpdate = { [K in EventKind]: { kind: K; body: UpdateEventBody<K> } }[EventKind]

/** DELETE /v2/weighings/{id}: the version is optional (the spec sends none); the UI sends it. */
export const deleteWeighingQuerySchema = z.object({
  version: version.optional().meta({ param: { name: 'version', in: 'query' } }),
})

export { preserviceNotEmpty }
