import { z } from 'zod'
import { dbId } from '~/lib/db-id'
import { normalizeElectronicTag } from '~/lib/electronic-tag'
import { pageParam, perPageParam } from '~/lib/list-query'
import { BIRTH_WEIGHT_RANGE, farmToday, MIN_RECORD_DATE } from '~/lib/record-rules'

/**
 * The animal record (spec sections 3 and 5): one schema per form, shared by the forms, the server
 * functions and the provider API. Client-safe. The per-field rules and their messages are exported
 * so the bulk animal upload validates a spreadsheet row with exactly the same rules.
 *
 * Every schema here takes the values as a form holds them (text '' for nothing, lookup ids as
 * `number | null`, dates as 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss') and gives the clean record the
 * database stores (null for nothing, dates as 'YYYY-MM-DD HH:mm:ss'). The API's body conventions of
 * section 7 (ids as strings, the text 'null', dates as 'yyyy/MM/dd HH:mm:ss') are mapped onto these
 * values first by `fromWire`.
 */

/**
 * Messages. The spec's (section 5) are its exact text; ours are short and leave the field out: the
 * form shows them under the field's label, and the API prefixes the label (describeAnimalError).
 */
export const ANIMAL_MESSAGES = {
  visualTagRequired: 'IDV Requerido',
  visualTagEmpty: 'El campo IDV no puede estar vacío',
  pattern: 'Solo se permiten valores alfanuméricos, espacios o guion',
  electronicTagLength: 'Debe tener 15 caracteres',
  colorRequired: 'Color Requerido',
  breedRequired: 'Raza Requerida',
  categoryRequired: 'Categoria Requerida',
  checkInRequired: 'Check-in Requerido',
  motherUuid: 'Debe ser un uuid válido',
  invalidOption: 'Opción inválida',
  notText: 'Debe ser un texto',
  birthDateInvalid: 'Fecha inválida (use AAAA-MM-DD)',
  birthDateFuture: 'No puede ser una fecha futura',
  birthDateTooOld: 'No puede ser anterior al 01/01/1900',
  birthWeightNumber: 'Debe ser un número',
  birthWeightRange: `Debe estar entre ${BIRTH_WEIGHT_RANGE.min} y ${BIRTH_WEIGHT_RANGE.max} kg`,
  tooLong: (max: number) => `Admite hasta ${max} caracteres`,
  // Rules that need the database (checked by the server whatever the client sends).
  visualTagTaken: (tag: string) =>
    `IDV: ya existe un animal con la caravana visual ${tag} en este establecimiento`,
  electronicTagTaken: (tag: string) => `RFID: la caravana electrónica ${tag} ya está asignada a otro animal`,
  motherNotFound: 'Madre: el animal elegido no existe en este establecimiento',
  motherNotFemale: 'Madre: el animal elegido no es una hembra',
  motherSelf: 'Madre: un animal no puede ser su propia madre',
  motherDeparted: 'Madre: el animal elegido ya no está en el rodeo (fue dado de baja)',
  motherDescendant:
    'Madre: el animal elegido desciende de este animal (un animal no puede ser su propio ancestro)',
  fatherNotFound: 'Padre: el toro no existe en este establecimiento',
  rodeoNotFound: 'Rodeo: el rodeo no existe en este establecimiento',
  lookupNotFound: (label: string) => `${label}: el valor elegido no existe`,
  sexMismatch: (category: string, sex: string) => `Sexo: la categoría ${category} corresponde a ${sex}`,
  establishmentMismatch: 'Establecimiento: no coincide con el de la dirección',
  versionRequired: 'Versión: indique la versión del animal sobre la que se hizo el cambio',
  stale:
    'Otro usuario modificó este animal mientras usted lo editaba. Cierre el formulario, revise los datos actuales y vuelva a aplicar sus cambios.',
  staleDelete:
    'Otro usuario modificó este animal después de que usted lo abrió. Revise los datos actuales antes de eliminarlo.',
  notFound: 'El animal no existe',
  // Toasts (spec section 8). Creation has no text in the spec: ours follow the edit's.
  updateSuccess: 'Animal modificado exitosamente',
  updateError: 'Error al modificar animal',
  deleteSuccess: 'Animal eliminado exitosamente',
  deleteError: 'Error al eliminar animal',
  createSuccess: 'Animal creado exitosamente',
  createError: 'Error al crear animal',
  // Reads that failed (server functions rethrow these, never the provider's URL).
  listError: 'No se pudo obtener la lista de animales',
  readError: 'No se pudo obtener el animal',
  lookupError: 'No se pudo buscar el animal',
  eventsError: 'No se pudieron obtener los eventos del animal',
  alertsError: 'No se pudieron obtener las alertas del animal',
  filterOptionsError: 'No se pudieron obtener las opciones de filtro',
} as const

/** Spanish names of the fields, for messages ("RFID: Debe tener 15 caracteres") and the review. */
export const ANIMAL_FIELD_LABELS = {
  establishment_id: 'Establecimiento',
  visual_tag: 'IDV',
  electronic_tag: 'RFID',
  rodeo_id: 'Rodeo',
  animal_type_id: 'Categoría',
  breed_id: 'Raza',
  gender: 'Sexo',
  color_id: 'Color',
  date_of_birth: 'Fecha de nacimiento',
  weight_at_birth: 'Peso al nacer (kg)',
  birth_type_id: 'Tipo de parto',
  mother_id: 'Madre',
  father_id: 'Padre',
  origin: 'Origen',
  check_in_type_id: 'Tipo de ingreso',
  cuig: 'CUIG',
  senasa: 'SENASA',
  version: 'Versión',
} as const
export type AnimalField = keyof typeof ANIMAL_FIELD_LABELS

/** Letters (accented too), digits, spaces and hyphens: spec section 5. */
export const TAG_PATTERN = /^[\p{L}\p{N} -]*$/u
export const VISUAL_TAG_MAX = 40
export const TEXT_MAX = 100

// Per-field rules -------------------------------------------------------------------------------

/** The IDV: required, not blank, letters/digits/spaces/hyphen; stored trimmed. */
export const visualTagRule = z
  .string({ error: ANIMAL_MESSAGES.visualTagRequired })
  .superRefine((value, ctx) => {
    const trimmed = value.trim()
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message })
    if (value.length === 0) fail(ANIMAL_MESSAGES.visualTagRequired)
    else if (trimmed.length === 0) fail(ANIMAL_MESSAGES.visualTagEmpty)
    else if (!TAG_PATTERN.test(trimmed)) fail(ANIMAL_MESSAGES.pattern)
    else if (trimmed.length > VISUAL_TAG_MAX) fail(ANIMAL_MESSAGES.tooLong(VISUAL_TAG_MAX))
  })
  .transform((value) => value.trim())

/**
 * The RFID: optional; when given, exactly 15 characters once a dropped leading zero (14 digits from a
 * spreadsheet) or a reader's padding (16 digits) is repaired.
 */
export const electronicTagRule = z
  .string({ error: ANIMAL_MESSAGES.notText })
  .transform((value) => normalizeElectronicTag(value.trim()))
  .superRefine((value, ctx) => {
    if (value === '') return
    if (!TAG_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.pattern })
    else if (value.length !== 15)
      ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.electronicTagLength })
  })
  .transform((value) => value || null)

/** Optional free text ('' is nothing), optionally restricted to the tag pattern (CUIG/SENASA when editing). */
export function optionalTextRule({ patterned }: { patterned: boolean }) {
  return z
    .string({ error: ANIMAL_MESSAGES.notText })
    .transform((value) => value.trim())
    .superRefine((value, ctx) => {
      if (patterned && !TAG_PATTERN.test(value))
        ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.pattern })
      else if (value.length > TEXT_MAX)
        ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.tooLong(TEXT_MAX) })
    })
    .transform((value) => value || null)
}

/** A lookup id that must be chosen; the form holds null until it is. */
export function requiredIdRule(message: string) {
  return dbId(message)
    .nullable()
    .transform((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      return value
    })
}

/** A lookup id that may stay empty. */
export const optionalIdRule = dbId(ANIMAL_MESSAGES.invalidOption).nullable()

/** Birth weight in kg, optional, within BIRTH_WEIGHT_RANGE. */
export const birthWeightRule = z
  .number({ error: ANIMAL_MESSAGES.birthWeightNumber })
  .min(BIRTH_WEIGHT_RANGE.min, ANIMAL_MESSAGES.birthWeightRange)
  .max(BIRTH_WEIGHT_RANGE.max, ANIMAL_MESSAGES.birthWeightRange)
  .nullable()

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * The birth date: optional ('' is none), 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm[:ss]', a real calendar
 * day, not in the future (the farm's today) nor before 1900-01-01. Stored as 'YYYY-MM-DD HH:mm:ss'.
 */
export const birthDateRule = z.string({ error: ANIMAL_MESSAGES.notText }).transform((value, ctx) => {
  const text = value.trim()
  if (text === '') return null
  const match = DATE_TEXT.exec(text)
  const [, y, m, d, hh = '00', mm = '00', ss = '00'] = match ?? []
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  const real =
    match !== null &&
    day.getUTCFullYear() === Number(y) &&
    day.getUTCMonth() === Number(m) - 1 &&
    day.getUTCDate() === Number(d) &&
    Number(hh) < 24 &&
    Number(mm) < 60 &&
    Number(ss) < 60
  if (!real) {
    ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.birthDateInvalid })
    return z.NEVER
  }
  const date = `${y}-${m}-${d}`
  if (date < MIN_RECORD_DATE) {
    ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.birthDateTooOld })
    return z.NEVER
  }
  if (date > farmToday()) {
    ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.birthDateFuture })
    return z.NEVER
  }
  return `${date} ${hh}:${mm}:${ss}`
})

/** The mother, by uuid; null or '' is none. */
export const motherIdRule = z
  .string({ error: ANIMAL_MESSAGES.motherUuid })
  .nullable()
  .transform((value, ctx) => {
    const id = value?.trim() ?? ''
    if (id === '') return null
    if (!z.uuid().safeParse(id).success) {
      ctx.addIssue({ code: 'custom', message: ANIMAL_MESSAGES.motherUuid })
      return z.NEVER
    }
    return id.toLowerCase()
  })

// Whole records ---------------------------------------------------------------------------------

const recordShape = {
  visual_tag: visualTagRule,
  electronic_tag: electronicTagRule,
  rodeo_id: optionalIdRule,
  animal_type_id: requiredIdRule(ANIMAL_MESSAGES.categoryRequired),
  breed_id: requiredIdRule(ANIMAL_MESSAGES.breedRequired),
  /** The spec's `gender`: a `sexes` id (stored as animals.sex_id). */
  gender: optionalIdRule,
  color_id: requiredIdRule(ANIMAL_MESSAGES.colorRequired),
  date_of_birth: birthDateRule,
  weight_at_birth: birthWeightRule,
  birth_type_id: optionalIdRule,
  mother_id: motherIdRule,
  /** A bull of the establishment. */
  father_id: optionalIdRule,
  origin: optionalTextRule({ patterned: false }),
}

/**
 * The create form (spec section 3, "Animal create form"): the check-in type is required, CUIG and
 * SENASA carry no pattern. `establishment_id` is the establishment of the address; sent, it must match.
 */
export const animalCreateSchema = z.object({
  establishment_id: dbId('Establecimiento inválido').optional(),
  ...recordShape,
  check_in_type_id: requiredIdRule(ANIMAL_MESSAGES.checkInRequired),
  cuig: optionalTextRule({ patterned: false }),
  senasa: optionalTextRule({ patterned: false }),
})
export type AnimalCreateValues = z.input<typeof animalCreateSchema>
export type AnimalCreateRecord = z.output<typeof animalCreateSchema>

/** The edit form: CUIG and SENASA hold only letters, digits, spaces or hyphens. */
export const animalEditSchema = z.object({
  ...recordShape,
  check_in_type_id: optionalIdRule,
  cuig: optionalTextRule({ patterned: true }),
  senasa: optionalTextRule({ patterned: true }),
})
export type AnimalEditValues = z.input<typeof animalEditSchema>
export type AnimalEditRecord = z.output<typeof animalEditSchema>

/** The concurrency token: an edit names the version of the animal it was based on. */
export const versionRule = z
  .number({ error: ANIMAL_MESSAGES.versionRequired })
  .int(ANIMAL_MESSAGES.versionRequired)
  .positive(ANIMAL_MESSAGES.versionRequired)

/**
 * DELETE /v1/establishment/{eid}/animals/{aid}: the spec's client sends no version; ours sends the one
 * it showed, so a delete confirmed on a view a colleague has changed since is refused (409).
 */
export const deleteAnimalQuerySchema = z.object({
  version: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      versionRule,
    )
    .optional()
    .meta({ param: { name: 'version', in: 'query' } }),
})

// The API's body conventions (spec section 7) -----------------------------------------------------

const ID_FIELDS = [
  'establishment_id',
  'rodeo_id',
  'animal_type_id',
  'breed_id',
  'gender',
  'color_id',
  'birth_type_id',
  'father_id',
  'check_in_type_id',
  'version',
] as const
const TEXT_FIELDS = ['visual_tag', 'electronic_tag', 'origin', 'cuig', 'senasa', 'date_of_birth'] as const

/**
 * Maps a request body written the provider's way onto form values: the text 'null' is null, ids may
 * be strings ('12'), tags may be numbers, the birth weight may be a string with a decimal comma, and
 * date_of_birth may be 'yyyy/MM/dd HH:mm:ss'. Anything else is left for the schema to judge.
 */
export function fromWire(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const values: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(body)) values[key] = raw === 'null' ? null : raw
  for (const key of ID_FIELDS) {
    const value = values[key]
    if (value === '') values[key] = null
    else if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) values[key] = Number(value)
  }
  for (const key of TEXT_FIELDS) {
    const value = values[key]
    // A missing required IDV must still say 'IDV Requerido': only explicit nulls become ''.
    if (value === null && key !== 'visual_tag') values[key] = ''
    else if (typeof value === 'number') values[key] = String(value)
  }
  if (typeof values.date_of_birth === 'string')
    values.date_of_birth = values.date_of_birth.replaceAll('/', '-')
  const weight = values.weight_at_birth
  if (weight === '') values.weight_at_birth = null
  else if (typeof weight === 'string') values.weight_at_birth = Number(weight.trim().replace(',', '.'))
  return values
}

/** What a create body may leave out: the optional fields, empty. */
const CREATE_DEFAULTS: Partial<AnimalCreateValues> = {
  electronic_tag: '',
  rodeo_id: null,
  gender: null,
  date_of_birth: '',
  weight_at_birth: null,
  birth_type_id: null,
  mother_id: null,
  father_id: null,
  origin: '',
  cuig: '',
  senasa: '',
}

/** POST /v3/establishments/{eid}/animals: the create form's fields; optional ones may be left out. */
export const animalCreateBodySchema = z
  .preprocess((body) => {
    const values = fromWire(body)
    return typeof values === 'object' && values !== null ? { ...CREATE_DEFAULTS, ...values } : values
  }, animalCreateSchema)
  .meta({ id: 'AnimalCreate' })

/**
 * PUT /v1/establishment/{eid}/animals/{aid}: the edit form's fields and, optionally, the version the
 * edit was based on. A field left out keeps its value; null (or 'null') empties an optional one. The
 * spec's wire format has no version, so a body without one (or with null) is applied unconditionally,
 * as DELETE without ?version= is; our own client always sends it, making its edits conditional
 * (decision 018).
 */
export const animalUpdateBodySchema = z
  .preprocess(
    fromWire,
    animalEditSchema.partial().extend({
      version: versionRule
        .nullish()
        .transform((value) => value ?? undefined)
        .meta({ description: 'Versión leída: si se indica y el animal cambió desde entonces, responde 409' }),
    }),
  )
  .meta({ id: 'AnimalUpdate' })
export type AnimalUpdatePatch = z.output<typeof animalUpdateBodySchema>

/**
 * A clean record written the provider's way (what our server functions send). Spec section 7 wants
 * the tags as strings (null is for ids): an animal without an RFID sends ''.
 */
export function toWire(record: Partial<AnimalCreateRecord> | Partial<AnimalEditRecord>) {
  const body: Record<string, string | number | null> = {}
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue
    if ((key === 'visual_tag' || key === 'electronic_tag') && value === null) body[key] = ''
    else if (key === 'date_of_birth' && typeof value === 'string') body[key] = value.replaceAll('-', '/')
    else if (typeof value === 'number' && key !== 'weight_at_birth') body[key] = String(value)
    else body[key] = value
  }
  return body
}

/** The first problem of a rejected record, naming the field in Spanish ('RFID: Debe tener 15 caracteres'). */
export function describeAnimalError(error: z.ZodError) {
  const issue = error.issues[0]
  if (!issue) return 'Datos inválidos'
  const key = issue.path[0]
  if (key === undefined) return issue.message
  const label = isAnimalField(key) ? ANIMAL_FIELD_LABELS[key] : String(key)
  return namesField(issue.message, label) ? issue.message : `${label}: ${issue.message}`
}

export function isAnimalField(key: PropertyKey): key is AnimalField {
  return typeof key === 'string' && Object.hasOwn(ANIMAL_FIELD_LABELS, key)
}

/** The spec's messages that already name their field ('Check-in Requerido', 'El campo IDV no puede estar vacío'). */
const NAMING_MESSAGES: ReadonlySet<string> = new Set([
  ANIMAL_MESSAGES.visualTagRequired,
  ANIMAL_MESSAGES.visualTagEmpty,
  ANIMAL_MESSAGES.colorRequired,
  ANIMAL_MESSAGES.breedRequired,
  ANIMAL_MESSAGES.categoryRequired,
  ANIMAL_MESSAGES.checkInRequired,
])

function namesField(message: string, label: string) {
  return NAMING_MESSAGES.has(message) || message.startsWith(`${label}:`) || message.startsWith(`${label} `)
}

// Answers -----------------------------------------------------------------------------------------

const lookupRef = z.object({ id: z.number().int(), description: z.string() }).nullable()

/** Spec section 3, "Animal (edit and detail)", with the descriptions the detail page shows. */
export const animalDetailSchema = z
  .object({
    animal_id: z.uuid(),
    establishment_id: z.number().int(),
    /** Send it back with an edit (optimistic concurrency). */
    version: z.number().int(),
    visual_tag: z.string(),
    electronic_tag: z.string().nullable(),
    cuig: z.string().nullable(),
    senasa: z.string().nullable(),
    check_in_type_id: z.number().int().nullable(),
    check_in_type_description: z.string().nullable(),
    check_in_date: z.string().nullable(),
    check_out_type_id: z.number().int().nullable(),
    check_out_type_description: z.string().nullable(),
    check_out_date: z.string().nullable(),
    origin: z.string().nullable(),
    color_id: z.number().int().nullable(),
    color_description: z.string().nullable(),
    breed_id: z.number().int().nullable(),
    breed_description: z.string().nullable(),
    animal_type_id: z.number().int().nullable(),
    category_description: z.string().nullable(),
    /** The sex id (animals.sex_id). */
    gender: z.number().int().nullable(),
    gender_description: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    weight_at_birth: z.number().nullable(),
    birth_type_id: z.number().int().nullable(),
    birth_type_description: z.string().nullable(),
    father_id: z.number().int().nullable(),
    father_alias: z.string().nullable(),
    mother_id: z.string().nullable(),
    mother_visual_tag: z.string().nullable(),
    donor_mother_id: z.string().nullable(),
    donor_mother_visual_tag: z.string().nullable(),
    rodeo_id: z.number().int().nullable(),
    rodeo_description: z.string().nullable(),
    current_status: lookupRef,
    sync_at: z.string().nullable(),
    alerts: z.array(z.object({ id: z.number().int(), description: z.string() })),
    /** Whole days since birth. */
    age: z.number().int().nullable(),
    last_weight: z.number().nullable(),
    last_weight_read_at: z.string().nullable(),
    GDPV: z.number().nullable(),
    GDPVital: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'AnimalDetail' })
export type AnimalDetail = z.infer<typeof animalDetailSchema>

/** The create form as it opens. */
export const EMPTY_ANIMAL_VALUES: AnimalEditValues = {
  visual_tag: '',
  electronic_tag: '',
  rodeo_id: null,
  animal_type_id: null,
  breed_id: null,
  gender: null,
  color_id: null,
  date_of_birth: '',
  weight_at_birth: null,
  birth_type_id: null,
  mother_id: null,
  father_id: null,
  origin: '',
  check_in_type_id: null,
  cuig: '',
  senasa: '',
}

/** The form's values for an animal as stored (the edit form opens with these). */
export function editValuesOf(animal: AnimalDetail): AnimalEditValues {
  return {
    visual_tag: animal.visual_tag,
    electronic_tag: animal.electronic_tag ?? '',
    rodeo_id: animal.rodeo_id,
    animal_type_id: animal.animal_type_id,
    breed_id: animal.breed_id,
    gender: animal.gender,
    color_id: animal.color_id,
    date_of_birth: animal.date_of_birth ?? '',
    weight_at_birth: animal.weight_at_birth,
    birth_type_id: animal.birth_type_id,
    mother_id: animal.mother_id,
    father_id: animal.father_id,
    origin: animal.origin ?? '',
    check_in_type_id: animal.check_in_type_id,
    cuig: animal.cuig ?? '',
    senasa: animal.senasa ?? '',
  }
}

// The picker ------------------------------------------------------------------------------------

export const PICKER_MODES = ['mother', 'all'] as const
export type PickerMode = (typeof PICKER_MODES)[number]
export const PICKER_PER_PAGE = 10
export const PICKER_MAX_PER_PAGE = 50

/** Query of the picker list: the mode, prefix filters on IDV and RFID, paging. */
export const animalPickerQuerySchema = z.object({
  mode: z.enum(PICKER_MODES).default('all'),
  visual_tag: z.string().trim().max(VISUAL_TAG_MAX, ANIMAL_MESSAGES.tooLong(VISUAL_TAG_MAX)).optional(),
  electronic_tag: z.string().trim().max(16, ANIMAL_MESSAGES.tooLong(16)).optional(),
  /** The animal being edited: it and its descendants are left out (mode mother). */
  exclude: z.uuid('Animal a excluir inválido').optional(),
  page: pageParam,
  perPage: perPageParam(PICKER_MAX_PER_PAGE, PICKER_PER_PAGE),
})
export type AnimalPickerQuery = z.infer<typeof animalPickerQuerySchema>
export type AnimalPickerQueryInput = z.input<typeof animalPickerQuerySchema>

/**
 * Spec section 7: the picker answers caravana_visual, caravana_electronica and uuid. Ours adds the
 * check-out (type and date, null while the animal is in the herd) so the header search can mark an
 * animal that left the herd (decision 018).
 */
export const pickerAnimalSchema = z
  .object({
    uuid: z.uuid(),
    caravana_visual: z.string(),
    caravana_electronica: z.string().nullable(),
    // Optional: a provider following the spec to the letter does not send them.
    check_out_type_description: z.string().nullable().optional(),
    check_out_date: z.string().nullable().optional(),
  })
  .meta({ id: 'PickerAnimal' })
export type PickerAnimal = z.infer<typeof pickerAnimalSchema>

export const animalPickerResponseSchema = z
  .object({
    data: z.array(pickerAnimalSchema),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
    }),
  })
  .meta({ id: 'AnimalPicker' })
export type AnimalPickerResponse = z.infer<typeof animalPickerResponseSchema>

// The timeline ----------------------------------------------------------------------------------

const eventBase = {
  id: z.number().int(),
  /** Farm wall-clock 'YYYY-MM-DD HH:mm:ss'. */
  read_at: z.string(),
  session: z.object({ id: z.number().int(), name: z.string() }).nullable(),
}

/** Everything that happened to an animal, one entry per event row (newest first). */
export const animalEventSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('weighing'),
      ...eventBase,
      weight: z.number(),
      weighing_time: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('artificial_insemination'),
      ...eventBase,
      bull: z.string().nullable(),
      inseminator: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('pregnancy_check'),
      ...eventBase,
      result: z.string().nullable(),
      is_ultrasound_scan: z.boolean(),
    }),
    z.object({
      kind: z.literal('preservice'),
      ...eventBase,
      reproductive_grade: z.string().nullable(),
      ovarian_status: z.string().nullable(),
    }),
    z.object({ kind: z.literal('body_condition'), ...eventBase, score: z.string() }),
    z.object({ kind: z.literal('note'), ...eventBase, content: z.string() }),
    // Rider records (decision 036): the cow's calvings, a death, a treatment, a rider's score.
    z.object({
      kind: z.literal('calving'),
      ...eventBase,
      calf: z.string().nullable(),
      sex: z.string().nullable(),
    }),
    z.object({ kind: z.literal('death'), ...eventBase, cause: z.string().nullable() }),
    z.object({
      kind: z.literal('treatment'),
      ...eventBase,
      product: z.string(),
      dose: z.string().nullable(),
      withdrawal_end: z.string(),
    }),
    z.object({ kind: z.literal('rider_body_condition'), ...eventBase, score: z.string() }),
  ])
  .meta({ id: 'AnimalEvent' })
export type AnimalEvent = z.infer<typeof animalEventSchema>
export type AnimalEventKind = AnimalEvent['kind']

export const animalEventsResponseSchema = z
  .object({ data: z.array(animalEventSchema) })
  .meta({ id: 'AnimalEvents' })
