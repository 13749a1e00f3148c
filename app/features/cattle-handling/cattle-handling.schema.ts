import { z } from 'zod'
import { CATTLE_HANDLING_WORK, type CattleHandlingWork } from '~/db/schema'
import { dbId } from '~/lib/db-id'
import { isAllowedSessionDate, isCalendarDate, MAX_SESSION_DATE, MIN_RECORD_DATE } from '~/lib/record-rules'

export { CATTLE_HANDLING_WORK, type CattleHandlingWork }

/** The work codes of spec section 9, in the order the app lists them. */
export const CATTLE_HANDLING_WORKS = [1, 2, 3, 7] as const satisfies readonly CattleHandlingWork[]

/**
 * A session's work type. The values are stated for the OpenAPI document: its generator
 * (zod-to-openapi 9) documents a literal of several values as the first one alone, so clients were
 * told only 1 was valid and every other session failed the documented schema.
 */
const workLiteral = (error?: string) =>
  z.literal(CATTLE_HANDLING_WORKS, error ? { error } : undefined).meta({
    type: 'integer',
    enum: [...CATTLE_HANDLING_WORKS],
  })

/** How each work type is named to a user. */
export const WORK_LABELS: Record<CattleHandlingWork, string> = {
  1: 'Inseminación artificial (IATF)',
  2: 'Diagnóstico de gestación',
  3: 'Preservicio',
  7: 'Pesada',
}

export const SESSION_MESSAGES = {
  nameRequired: 'El nombre es obligatorio.',
  establishmentRequired: 'El ID del establecimiento es obligatorio.',
  descriptionRequired: 'La descripción es obligatoria.',
  workRequired: 'el tipo es obligatorio.',
  dateRequired: 'La fecha es obligatoria.',
  dateInvalid: 'Fecha inválida: use AAAA-MM-DD',
  dateOutOfRange: 'La fecha debe estar entre el 01/01/1900 y el 01/01/2050.',
  createSuccess: 'Sesión creada exitosamente',
  createError: 'Error al crear la Sesión',
  /** The toast's description; the detail is the server's message (or 'Error desconocido'). */
  createErrorDetail: (detail: string) => `Ha ocurrido un error al crear la sesión ${detail}`,
  notFound: 'La sesión no existe',
  listError: 'No se pudo obtener la lista de sesiones',
  readError: 'No se pudo obtener la sesión',
} as const

export const SESSION_NAME_MAX = 120
export const SESSION_DESCRIPTION_MAX = 500

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (farm wall-clock), as the session date is stored. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

export { isCalendarDate }

/**
 * A required whole number sent as a number or as its text (forms and spreadsheets send '12'):
 * missing, empty or null answer `required`.
 */
export const requiredId = (required: string, invalid = required) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    dbId(invalid, (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid,
    ),
  )

/**
 * POST /v2/cattle-handlings (spec sections 3, 5 and 7), also the 'Nueva Sesión' form's values:
 * name, establishmentId, activityDate, description, cattle_handling_work.
 */
export const createSessionSchema = z
  .object({
    name: z
      .string({ error: SESSION_MESSAGES.nameRequired })
      .trim()
      .min(1, SESSION_MESSAGES.nameRequired)
      .max(SESSION_NAME_MAX, `El nombre admite hasta ${SESSION_NAME_MAX} caracteres.`),
    establishmentId: requiredId(SESSION_MESSAGES.establishmentRequired),
    activityDate: z
      .string({ error: SESSION_MESSAGES.dateRequired })
      .trim()
      .min(1, SESSION_MESSAGES.dateRequired)
      .regex(WALL_CLOCK, SESSION_MESSAGES.dateInvalid)
      .refine(isCalendarDate, SESSION_MESSAGES.dateInvalid)
      .refine(isAllowedSessionDate, SESSION_MESSAGES.dateOutOfRange),
    description: z
      .string({ error: SESSION_MESSAGES.descriptionRequired })
      .trim()
      .min(1, SESSION_MESSAGES.descriptionRequired)
      .max(SESSION_DESCRIPTION_MAX, `La descripción admite hasta ${SESSION_DESCRIPTION_MAX} caracteres.`),
    cattle_handling_work: z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      workLiteral(SESSION_MESSAGES.workRequired),
    ),
  })
  .meta({ id: 'CreateCattleHandling' })
export type CreateSessionInput = z.input<typeof createSessionSchema>
export type CreateSessionBody = z.output<typeof createSessionSchema>

/** The session date bounds for the date picker. */
export const SESSION_DATE_BOUNDS = { min: MIN_RECORD_DATE, max: MAX_SESSION_DATE } as const

/** GET /v2/cattle_handlings/headers query. */
export const sessionHeadersQuerySchema = z.object({
  establishmentId: requiredId(SESSION_MESSAGES.establishmentRequired, 'Establecimiento inválido').meta({
    param: { name: 'establishmentId', in: 'query' },
  }),
  cattle_handling_work: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      workLiteral('Tipo de sesión inválido: 1, 2, 3 o 7'),
    )
    .optional()
    .meta({ param: { name: 'cattle_handling_work', in: 'query' } }),
})

/** Spec section 3: a session header list item. */
export const sessionHeaderSchema = z.object({ id: z.number().int(), name: z.string() }).meta({
  id: 'CattleHandlingHeader',
})
export type SessionHeader = z.infer<typeof sessionHeaderSchema>

/** A session as created or read alone, with how much it holds (the chute's counter). */
export const sessionSchema = z
  .object({
    id: z.number().int(),
    establishment_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    activity_date: z.string(),
    cattle_handling_work: workLiteral(),
    /** Events recorded in the session (of its work type). */
    events: z.number().int(),
    /** Distinct animals those events are of. */
    animals: z.number().int(),
    version: z.number().int(),
  })
  .meta({ id: 'CattleHandling' })
export type Session = z.infer<typeof sessionSchema>
