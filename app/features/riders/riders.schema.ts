import { z } from 'zod'
import { requiredId } from '~/features/cattle-handling/cattle-handling.schema'
import { EVENT_MESSAGES, normalizeRecordDate } from '~/features/events/events.schema'
import { dbId } from '~/lib/db-id'
import { isoDateParam, pageParam, perPageParam } from '~/lib/list-query'
import { BIRTH_WEIGHT_RANGE, isAllowedRecordDate, MIN_RECORD_DATE } from '~/lib/record-rules'

/**
 * What riders (recorredores) record in the paddocks (issue 21, decision 036): births, deaths,
 * treatments, their body-condition scores and notes. One definition for the forms, the provider API
 * and the server functions. Client-safe.
 */

/** The five kinds, in the order of the page's tabs; each is a URL segment of the API too. */
export const RIDER_RECORD_KINDS = ['births', 'deaths', 'treatments', 'body-conditions', 'notes'] as const
export type RiderRecordKind = (typeof RIDER_RECORD_KINDS)[number]

export const RIDER_KIND_TEXT: Record<
  RiderRecordKind,
  { tab: string; plural: string; newTitle: string; editTitle: string; created: string; deleted: string }
> = {
  births: {
    tab: 'Partos',
    plural: 'partos',
    newTitle: 'Nuevo parto',
    editTitle: 'Editar parto',
    created: 'Parto registrado',
    deleted: 'Parto eliminado',
  },
  deaths: {
    tab: 'Muertes',
    plural: 'muertes',
    newTitle: 'Nueva muerte',
    editTitle: 'Editar muerte',
    created: 'Muerte registrada',
    deleted: 'Muerte eliminada',
  },
  treatments: {
    tab: 'Tratamientos',
    plural: 'tratamientos',
    newTitle: 'Nuevo tratamiento',
    editTitle: 'Editar tratamiento',
    created: 'Tratamiento registrado',
    deleted: 'Tratamiento eliminado',
  },
  'body-conditions': {
    tab: 'Condición corporal',
    plural: 'condiciones corporales',
    newTitle: 'Nueva condición corporal',
    editTitle: 'Editar condición corporal',
    created: 'Condición corporal registrada',
    deleted: 'Condición corporal eliminada',
  },
  notes: {
    tab: 'Notas',
    plural: 'notas',
    newTitle: 'Nueva nota',
    editTitle: 'Editar nota',
    created: 'Nota registrada',
    deleted: 'Nota eliminada',
  },
}

export const RIDER_MESSAGES = {
  animalRequired: EVENT_MESSAGES.animalRequired,
  animalInvalid: EVENT_MESSAGES.animalInvalid,
  animalNotFound: 'Animal: no existe en este establecimiento',
  animalsRequired: 'Elija al menos un animal.',
  animalsTooMany: 'Se pueden tratar hasta 500 animales por vez.',
  motherRequired: 'La madre es obligatoria.',
  sexRequired: 'El sexo es obligatorio.',
  riderInvalid: 'Recorredor: no existe en este establecimiento',
  causeInvalid: 'Causa de muerte: el valor elegido no existe',
  treatmentRequired: 'El producto es obligatorio.',
  treatmentInvalid: 'Producto: el valor elegido no existe',
  conditionRequired: 'La condición corporal es obligatoria.',
  conditionInvalid: 'Condición corporal: el valor elegido no existe',
  sexInvalid: 'Sexo: el valor elegido no existe',
  birthTypeInvalid: 'Tipo de parto: el valor elegido no existe',
  contentRequired: 'La nota no puede estar vacía.',
  contentTooLong: 'La nota puede tener hasta 1000 caracteres.',
  textTooLong: 'Hasta 100 caracteres.',
  withdrawalInvalid: 'Días de retiro: un número entero entre 0 y 365.',
  birthWeightInvalid: `Peso al nacer: entre ${BIRTH_WEIGHT_RANGE.min} y ${BIRTH_WEIGHT_RANGE.max} kg.`,
  calfTagRequired: 'Indique la caravana del ternero o marque «Pendiente de caravana».',
  notFound: {
    births: 'El parto no existe',
    deaths: 'El registro de muerte no existe',
    treatments: 'El tratamiento no existe',
    'body-conditions': 'La condición corporal no existe',
    notes: 'La nota no existe',
  } satisfies Record<RiderRecordKind, string>,
  nothingToChange: EVENT_MESSAGES.nothingToChange,
  pendingTag: 'Pendiente de caravana',
} as const

/** A day on the farm, 'YYYY-MM-DD', from 1900-01-01 to today. */
export const riderDate = z
  .string({ error: EVENT_MESSAGES.dateRequired })
  .trim()
  .min(1, EVENT_MESSAGES.dateRequired)
  .transform((value, ctx) => {
    const normalized = normalizeRecordDate(value)
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: EVENT_MESSAGES.dateInvalid })
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
    return normalized.slice(0, 10)
  })

const animalId = z
  .string({ error: RIDER_MESSAGES.animalRequired })
  .trim()
  .min(1, RIDER_MESSAGES.animalRequired)
  .pipe(z.uuid(RIDER_MESSAGES.animalInvalid))

/** A lookup or rider id that may be absent ('' and 'null' too: the forms' empty option). */
const optionalId = (invalid: string) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '' || value === 'null') return null
    return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value
  }, dbId(invalid).nullable())

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, message).nullable().optional(),
  )

const birthWeight = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return null
    return typeof value === 'string' ? Number(value.trim().replace(',', '.')) : value
  },
  z
    .number({ error: RIDER_MESSAGES.birthWeightInvalid })
    .refine(
      (kg) => Number.isFinite(kg) && kg >= BIRTH_WEIGHT_RANGE.min && kg <= BIRTH_WEIGHT_RANGE.max,
      RIDER_MESSAGES.birthWeightInvalid,
    )
    .nullable(),
)

const withdrawalDays = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return 0
    return typeof value === 'string' ? Number(value.trim()) : value
  },
  z
    .number({ error: RIDER_MESSAGES.withdrawalInvalid })
    .int(RIDER_MESSAGES.withdrawalInvalid)
    .min(0, RIDER_MESSAGES.withdrawalInvalid)
    .max(365, RIDER_MESSAGES.withdrawalInvalid),
)

/** The calf's visual tag: the animal form's rule (letters, digits, spaces, hyphen). */
const calfTag = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .max(40, 'IDV: hasta 40 caracteres')
    .regex(/^[\p{L}\p{N} -]*$/u, 'Solo se permiten valores alfanuméricos, espacios o guion')
    .nullable()
    .optional(),
)

const calfElectronicTag = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string()
    .trim()
    .regex(/^\d{15}$/, 'Debe tener 15 caracteres')
    .nullable()
    .optional(),
)

const rider = optionalId(RIDER_MESSAGES.riderInvalid).optional()

// --- Births -------------------------------------------------------------------------------------

const birthFields = {
  read_at: riderDate,
  rider_id: rider,
  sex_id: requiredId(RIDER_MESSAGES.sexRequired, RIDER_MESSAGES.sexInvalid),
  birth_type_id: optionalId(RIDER_MESSAGES.birthTypeInvalid).optional(),
  weight_at_birth: birthWeight.optional(),
  note: optionalText(500, 'La observación puede tener hasta 500 caracteres.'),
}

/**
 * POST /v2/establishments/{id}/births: the mother, the day, the calf's sex, birth type and weight,
 * and the calf's tag now (`calf_visual_tag`) or later (`tag_pending: true`, 'pendiente de caravana').
 */
export const createBirthSchema = z
  .object({
    mother_id: z
      .string({ error: RIDER_MESSAGES.motherRequired })
      .trim()
      .min(1, RIDER_MESSAGES.motherRequired)
      .pipe(z.uuid(RIDER_MESSAGES.animalInvalid)),
    ...birthFields,
    calf_visual_tag: calfTag,
    calf_electronic_tag: calfElectronicTag,
    tag_pending: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.tag_pending && !value.calf_visual_tag) {
      ctx.addIssue({ code: 'custom', message: RIDER_MESSAGES.calfTagRequired, path: ['calf_visual_tag'] })
    }
  })
  .meta({
    id: 'CreateBirth',
    examples: [
      {
        mother_id: '00000000-0000-4000-8000-000000000000',
        read_at: '2025-09-01',
        sex_id: 1,
        tag_pending: true,
      },
    ],
  })
export type CreateBirthValues = z.input<typeof createBirthSchema>
export type CreateBirth = z.output<typeof createBirthSchema>

/**
 * PATCH /v2/births/{id}: the day, rider, sex, type, weight, note; a pending calf gets its tag
 * (`calf_visual_tag`), which creates it then.
 */
export const updateBirthSchema = z
  .object({
    read_at: riderDate.optional(),
    rider_id: rider,
    sex_id: optionalId(RIDER_MESSAGES.sexInvalid).optional(),
    birth_type_id: optionalId(RIDER_MESSAGES.birthTypeInvalid).optional(),
    weight_at_birth: birthWeight.optional(),
    note: optionalText(500, 'La observación puede tener hasta 500 caracteres.'),
    calf_visual_tag: calfTag,
    calf_electronic_tag: calfElectronicTag,
  })
  .meta({ id: 'UpdateBirth' })
export type UpdateBirth = z.output<typeof updateBirthSchema>

/** What to do with the calf when its birth is deleted (the person is asked). */
export const CALF_ON_DELETE = ['keep', 'delete'] as const
export const deleteBirthQuerySchema = z.object({
  calf: z.enum(CALF_ON_DELETE, { error: 'calf: use keep o delete' }).optional(),
})

export const birthRowSchema = z
  .object({
    id: z.number().int(),
    read_at: z.string(),
    mother_id: z.string(),
    mother_visual_tag: z.string(),
    calf_id: z.string().nullable(),
    calf_visual_tag: z.string().nullable(),
    sex_id: z.number().int().nullable(),
    sex: z.string().nullable(),
    birth_type_id: z.number().int().nullable(),
    birth_type: z.string().nullable(),
    weight_at_birth: z.number().nullable(),
    note: z.string().nullable(),
    rider_id: z.number().int().nullable(),
    rider: z.string().nullable(),
    rodeo: z.string().nullable(),
  })
  .meta({ id: 'BirthRow' })
export type BirthRow = z.infer<typeof birthRowSchema>

// --- Deaths -------------------------------------------------------------------------------------

export const createDeathSchema = z
  .object({
    animal_id: animalId,
    read_at: riderDate,
    death_cause_id: optionalId(RIDER_MESSAGES.causeInvalid).optional(),
    rider_id: rider,
    note: optionalText(500, 'La observación puede tener hasta 500 caracteres.'),
  })
  .meta({
    id: 'CreateDeath',
    examples: [{ animal_id: '00000000-0000-4000-8000-000000000000', read_at: '2025-09-01' }],
  })
export type CreateDeathValues = z.input<typeof createDeathSchema>
export type CreateDeath = z.output<typeof createDeathSchema>

export const updateDeathSchema = z
  .object({
    read_at: riderDate.optional(),
    death_cause_id: optionalId(RIDER_MESSAGES.causeInvalid).optional(),
    rider_id: rider,
    note: optionalText(500, 'La observación puede tener hasta 500 caracteres.'),
  })
  .meta({ id: 'UpdateDeath' })
export type UpdateDeath = z.output<typeof updateDeathSchema>

export const deathRowSchema = z
  .object({
    id: z.number().int(),
    read_at: z.string(),
    animal_id: z.string(),
    visual_tag: z.string(),
    death_cause_id: z.number().int().nullable(),
    death_cause: z.string().nullable(),
    note: z.string().nullable(),
    rider_id: z.number().int().nullable(),
    rider: z.string().nullable(),
    rodeo: z.string().nullable(),
  })
  .meta({ id: 'DeathRow' })
export type DeathRow = z.infer<typeof deathRowSchema>

// --- Treatments ---------------------------------------------------------------------------------

const treatmentFields = {
  read_at: riderDate,
  treatment_id: requiredId(RIDER_MESSAGES.treatmentRequired, RIDER_MESSAGES.treatmentInvalid),
  dose: optionalText(100, RIDER_MESSAGES.textTooLong),
  route: optionalText(100, RIDER_MESSAGES.textTooLong),
  withdrawal_days: withdrawalDays,
  rider_id: rider,
}

/** POST /v2/establishments/{id}/treatments: one product given to one or many animals. */
export const createTreatmentsSchema = z
  .object({
    animal_ids: z
      .array(animalId, { error: RIDER_MESSAGES.animalsRequired })
      .min(1, RIDER_MESSAGES.animalsRequired)
      .max(500, RIDER_MESSAGES.animalsTooMany),
    ...treatmentFields,
  })
  .meta({
    id: 'CreateTreatments',
    examples: [
      {
        animal_ids: ['00000000-0000-4000-8000-000000000000'],
        read_at: '2025-09-01',
        treatment_id: 3,
        dose: '10 ml',
        route: 'Subcutánea',
        withdrawal_days: 30,
      },
    ],
  })
export type CreateTreatmentsValues = z.input<typeof createTreatmentsSchema>
export type CreateTreatments = z.output<typeof createTreatmentsSchema>

export const updateTreatmentSchema = z
  .object({
    read_at: riderDate.optional(),
    treatment_id: optionalId(RIDER_MESSAGES.treatmentInvalid).optional(),
    dose: optionalText(100, RIDER_MESSAGES.textTooLong),
    route: optionalText(100, RIDER_MESSAGES.textTooLong),
    withdrawal_days: withdrawalDays.optional(),
    rider_id: rider,
  })
  .meta({ id: 'UpdateTreatment' })
export type UpdateTreatment = z.output<typeof updateTreatmentSchema>

export const treatmentRowSchema = z
  .object({
    id: z.number().int(),
    read_at: z.string(),
    animal_id: z.string(),
    visual_tag: z.string(),
    treatment_id: z.number().int(),
    treatment: z.string(),
    dose: z.string().nullable(),
    route: z.string().nullable(),
    withdrawal_days: z.number().int(),
    withdrawal_end: z.string(),
    rider_id: z.number().int().nullable(),
    rider: z.string().nullable(),
    rodeo: z.string().nullable(),
  })
  .meta({ id: 'TreatmentRow' })
export type TreatmentRow = z.infer<typeof treatmentRowSchema>

/** The alert each treated animal gets until its withdrawal ends (shown at the chute, in Animales). */
export const withdrawalAlertText = (treatment: string, end: string) =>
  `Retiro por ${treatment} hasta el ${end.slice(8, 10)}/${end.slice(5, 7)}/${end.slice(0, 4)}`

// --- Body conditions and notes ------------------------------------------------------------------

export const createBodyConditionSchema = z
  .object({
    animal_id: animalId,
    read_at: riderDate,
    body_conditions_rider_id: requiredId(RIDER_MESSAGES.conditionRequired, RIDER_MESSAGES.conditionInvalid),
    rider_id: rider,
  })
  .meta({
    id: 'CreateRiderBodyCondition',
    examples: [
      {
        animal_id: '00000000-0000-4000-8000-000000000000',
        read_at: '2025-09-01',
        body_conditions_rider_id: 2,
      },
    ],
  })
export type CreateBodyCondition = z.output<typeof createBodyConditionSchema>

export const updateBodyConditionSchema = z
  .object({
    read_at: riderDate.optional(),
    body_conditions_rider_id: optionalId(RIDER_MESSAGES.conditionInvalid).optional(),
    rider_id: rider,
  })
  .meta({ id: 'UpdateRiderBodyCondition' })
export type UpdateBodyCondition = z.output<typeof updateBodyConditionSchema>

export const bodyConditionRowSchema = z
  .object({
    id: z.number().int(),
    read_at: z.string(),
    animal_id: z.string(),
    visual_tag: z.string(),
    body_conditions_rider_id: z.number().int(),
    condition: z.string(),
    rider_id: z.number().int().nullable(),
    rider: z.string().nullable(),
    rodeo: z.string().nullable(),
  })
  .meta({ id: 'RiderBodyConditionRow' })
export type BodyConditionRow = z.infer<typeof bodyConditionRowSchema>

const noteContent = z
  .string({ error: RIDER_MESSAGES.contentRequired })
  .trim()
  .min(1, RIDER_MESSAGES.contentRequired)
  .max(1000, RIDER_MESSAGES.contentTooLong)

export const createNoteSchema = z
  .object({ animal_id: animalId, read_at: riderDate, content: noteContent, rider_id: rider })
  .meta({
    id: 'CreateRiderNote',
    examples: [
      { animal_id: '00000000-0000-4000-8000-000000000000', read_at: '2025-09-01', content: 'Renguea' },
    ],
  })
export type CreateNote = z.output<typeof createNoteSchema>

export const updateNoteSchema = z
  .object({ read_at: riderDate.optional(), content: noteContent.optional(), rider_id: rider })
  .meta({ id: 'UpdateRiderNote' })
export type UpdateNote = z.output<typeof updateNoteSchema>

export const noteRowSchema = z
  .object({
    id: z.number().int(),
    read_at: z.string(),
    animal_id: z.string(),
    visual_tag: z.string(),
    content: z.string(),
    rider_id: z.number().int().nullable(),
    rider: z.string().nullable(),
    rodeo: z.string().nullable(),
  })
  .meta({ id: 'RiderNoteRow' })
export type NoteRow = z.infer<typeof noteRowSchema>

// --- Lists --------------------------------------------------------------------------------------

export const RIDER_LIST_MAX_PER_PAGE = 500

/** The tables' filters (rider, rodeo, date range) and page, as query parameters. */
export const riderListQuerySchema = z.object({
  rider: z.coerce.number().int().positive().optional(),
  rodeo: z.coerce.number().int().positive().optional(),
  read_at_from: isoDateParam,
  read_at_to: isoDateParam,
  page: pageParam,
  perPage: perPageParam(RIDER_LIST_MAX_PER_PAGE, 25),
})
export type RiderListQuery = z.infer<typeof riderListQuerySchema>

export const riderRowSchemas = {
  births: birthRowSchema,
  deaths: deathRowSchema,
  treatments: treatmentRowSchema,
  'body-conditions': bodyConditionRowSchema,
  notes: noteRowSchema,
} as const
export type RiderRowByKind = {
  births: BirthRow
  deaths: DeathRow
  treatments: TreatmentRow
  'body-conditions': BodyConditionRow
  notes: NoteRow
}

export const listAnswer = <T extends z.ZodType>(row: T, id: string) =>
  z.object({ data: z.array(row), meta: z.object({ total: z.number().int() }) }).meta({ id })
export const writeAnswer = <T extends z.ZodType>(row: T, id: string) =>
  z.object({ message: z.string(), data: row }).meta({ id })

/** The Spanish names of the riders' request fields, for the API's messages (create-router.ts). */
export const RIDER_FIELD_LABELS = {
  mother_id: 'Madre',
  sex_id: 'Sexo',
  birth_type_id: 'Tipo de parto',
  weight_at_birth: 'Peso al nacer',
  calf_visual_tag: 'Caravana del ternero',
  calf_electronic_tag: 'RFID del ternero',
  tag_pending: 'Pendiente de caravana',
  calf: 'Ternero',
  note: 'Observación',
  death_cause_id: 'Causa de muerte',
  treatment_id: 'Producto',
  dose: 'Dosis',
  route: 'Vía de aplicación',
  withdrawal_days: 'Días de retiro',
  body_conditions_rider_id: 'Condición corporal',
  content: 'Nota',
  rider_id: 'Recorredor',
  rider: 'Recorredor',
  season_start: 'Inicio de la temporada',
} as const

const option = z.object({ id: z.number().int(), description: z.string() })
/** What the riders' forms and filters choose from (riders by id: the framework names them by key). */
export const riderFormOptionsSchema = z
  .object({
    riders: z.array(option),
    death_causes: z.array(option),
    treatments: z.array(option),
    body_conditions_riders: z.array(option),
    sexes: z.array(option),
    birth_types: z.array(option),
    rodeos: z.array(option),
  })
  .meta({ id: 'RiderFormOptions' })
export type RiderFormOptions = z.infer<typeof riderFormOptionsSchema>
