/**
 * The spreadsheet templates of the bulk uploads (spec sections 2 and 5), client-safe. Each template's
 * column list is the one source of the parser (header matching and cell rules), the xlsx template
 * users download, the help dialog and docs/bulk-upload-templates.md, so they cannot drift apart.
 */
import { CATTLE_HANDLING_WORK, type CattleHandlingWork } from '~/db/schema'
import { ANIMAL_MESSAGES, TEXT_MAX, VISUAL_TAG_MAX } from '~/features/animals/animal-record.schema'
import { EVENT_FIELDS, EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import { EVENT_MESSAGES } from '~/features/events/events.schema'
import {
  ANIMAL_TYPES,
  BIRTH_TYPES,
  BREEDS,
  CHECK_IN_TYPES,
  COLORS,
  OVARIAN_STATUSES,
  PREGNANCY_CHECK_DETAILS,
  REPRODUCTIVE_GRADES,
  SEXES,
  TREATMENTS,
  WEIGHING_TIMES,
} from '~/features/lookups/lookup-values'
import { RIDER_MESSAGES } from '~/features/riders/riders.schema'
import {
  BIRTH_WEIGHT_RANGE,
  DEFAULT_WEIGHING_READ_AT,
  MIN_RECORD_DATE,
  WEIGHT_RANGE,
} from '~/lib/record-rules'

/**
 * The uploads, in the order the help and docs list them: the four event kinds, the animals, and the
 * riders' births and treatments (decision 036).
 */
export const BULK_KINDS = [
  'preservice',
  'artificial-insemination',
  'pregnancy-check',
  'weighing',
  'animals',
  'births',
  'treatments',
] as const satisfies readonly (EventKind | 'animals' | 'births' | 'treatments')[]
/** The uploads that are not an event of a session: each names its establishment in the path. */
export type RecordUploadKind = 'animals' | 'births' | 'treatments'
export type BulkKind = EventKind | RecordUploadKind

/** The animals' upload: our own design (v3, like the animal create); the events' are in EVENT_KIND_INFO. */
export const ANIMALS_UPLOAD_PATH = (establishmentId: number | string) =>
  `/v3/establishments/${establishmentId}/animals/bulk-upload`

/** The riders' uploads, beside their single creates (`/v2/establishments/{id}/births`…). */
export const RIDER_UPLOAD_PATH = (kind: 'births' | 'treatments', establishmentId: number | string) =>
  `/v2/establishments/${establishmentId}/${kind}/bulk-upload`

/** The segment of the app's own endpoint /api/bulk-upload/{segment} (kept as the spec's plural names). */
export function uploadSegment(kind: BulkKind) {
  return isEventKind(kind) ? EVENT_KIND_INFO[kind].uploadSegment : kind
}

/** The upload a segment of /api/bulk-upload/{segment} names, if any. */
export function kindOfUploadSegment(segment: string): BulkKind | undefined {
  return BULK_KINDS.find((kind) => uploadSegment(kind) === segment)
}

/** A request carries at most this many bytes (a 20,000-row template is about 1 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** An upload request: the file plus its multipart envelope (boundaries, the other fields). */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 64 * 1024
/** Data rows of one file (header excluded): a whole day at the chute, many times over. */
export const MAX_ROWS = 20_000
/** Problems listed in one answer; the summary says how many more there were. */
export const MAX_PROBLEMS = 200
/** Written in place of the bull by a pregnancy by natural service (spec section 5). */
export const NATURAL_SERVICE = 'REPASO'

/** The general lookup tables a column can be matched against, by their Spanish descriptions. */
export type GeneralLookup =
  | 'animal_types'
  | 'breeds'
  | 'colors'
  | 'sexes'
  | 'birth_types'
  | 'check_in_types'
  | 'pregnancy_check_details'
  | 'ovarian_statuses'
  | 'reproductive_grades'
  | 'weighing_times'
  | 'treatments'

/** How a cell is read and checked. */
export type ColumnType =
  | { type: 'visualTag' }
  | { type: 'electronicTag' }
  /** Free text (its length is the animal record's rule). */
  | { type: 'text' }
  /** A day; `defaultsTo` says what a blank cell means. */
  | { type: 'date'; withTime?: boolean; defaultsTo?: 'session' | 'weighing' | 'none' }
  | { type: 'number'; min: number; max: number; unit: string }
  | { type: 'yesNo' }
  | { type: 'lookup'; table: GeneralLookup; values: readonly string[] }
  /** The establishment's configured bulls, by alias (`natural`: REPASO accepted too). */
  | { type: 'bull'; natural?: boolean }
  | { type: 'inseminator' }
  | { type: 'rodeo' }
  /** A rider of the establishment, by name (the riders' framework). */
  | { type: 'rider' }
  /** The visual tag of another animal (the mother): in the herd or earlier in the same file. */
  | { type: 'motherTag' }

export type ColumnKey =
  | 'visualTag'
  | 'electronicTag'
  | 'readAt'
  | 'weight'
  | 'weighingTime'
  | 'bull'
  | 'inseminator'
  | 'diagnosis'
  | 'ultrasound'
  | 'reproductiveGrade'
  | 'ovarianStatus'
  | 'category'
  | 'breed'
  | 'color'
  | 'sex'
  | 'dateOfBirth'
  | 'weightAtBirth'
  | 'birthType'
  | 'rodeo'
  | 'checkInType'
  | 'origin'
  | 'cuig'
  | 'senasa'
  | 'motherTag'
  | 'father'
  | 'calfTag'
  | 'calfElectronicTag'
  | 'rider'
  | 'note'
  | 'treatment'
  | 'dose'
  | 'route'
  | 'withdrawalDays'

export type ColumnDef = ColumnType & {
  key: ColumnKey
  /** The header written in the template, and the name problems are reported under. */
  header: string
  /** Other headers accepted for this column (compared ignoring case, accents and spacing). */
  aliases?: readonly string[]
  /** A blank cell is an error with this message. */
  requiredMessage?: string
  /** For the help: when the column is needed only with or without another one. */
  requiredNote?: string
  /** What the cell holds, for the help dialog and the template's instructions. */
  help: string
  /** Values of the template's example rows. */
  examples: readonly [string | number, string | number]
}

export interface TemplateDef {
  kind: BulkKind
  /** The side panel's title (spec section 2). */
  title: string
  /** The downloadable example (spec section 2). */
  fileName: string
  /** What the file records, for the instructions ("pesadas", "animales"...). */
  noun: string
  /** The session type the rows belong to; animals and rider records have no session. */
  work?: CattleHandlingWork
  columns: readonly ColumnDef[]
  /** Rules that involve several columns of a row. */
  rowRules: readonly string[]
}

const SESSION_DATE_HELP = 'DD/MM/AAAA o una fecha de Excel. Vacía: la fecha de la sesión.'

const visualTag: ColumnDef = {
  key: 'visualTag',
  type: 'visualTag',
  header: 'IDV',
  aliases: ['Caravana visual', 'Caravana', 'Caravana IDV', 'visual_tag'],
  requiredNote: 'IDV o IDE',
  help: `Caravana visual del animal: letras, números, espacios o guion, hasta ${VISUAL_TAG_MAX} caracteres.`,
  examples: ['A-0001', 'A-0002'],
}

const electronicTag: ColumnDef = {
  key: 'electronicTag',
  type: 'electronicTag',
  header: 'IDE',
  aliases: ['RFID', 'Caravana electrónica', 'Caravana IDE', 'electronic_tag'],
  requiredNote: 'IDV o IDE',
  help: 'Caravana electrónica, 15 caracteres (un 0 inicial perdido por Excel se repone).',
  examples: ['032000000000001', '032000000000002'],
}

const eventDate = (help = SESSION_DATE_HELP): Extract<ColumnDef, { type: 'date' }> => ({
  key: 'readAt',
  type: 'date',
  defaultsTo: 'session',
  header: 'Fecha',
  aliases: ['Fecha de lectura', 'Fecha sesión', 'Fecha de la sesión', 'read_at'],
  help,
  examples: ['15/03/2025', '15/03/2025'],
})

const EVENT_ANIMAL_RULE =
  'Cada fila es un animal vivo del establecimiento, por IDV o IDE (al menos uno; si están los dos, deben ser del mismo animal). Un animal no puede repetirse en el archivo ni tener ya un registro en la sesión.'

const FEMALE_RULE = 'Solo para hembras.'

/** The forms' own messages (riders.schema.ts): a blank required cell says what the form says. */
const RIDER_TEMPLATE_MESSAGES = {
  motherRequired: RIDER_MESSAGES.motherRequired,
  sexRequired: RIDER_MESSAGES.sexRequired,
  treatmentRequired: RIDER_MESSAGES.treatmentRequired,
  dateRequired: EVENT_MESSAGES.dateRequired,
  pendingTag: RIDER_MESSAGES.pendingTag,
}

/** The day of a rider record: required (a paddock record has no session to take it from). */
const riderDate = (examples: readonly [string, string]): ColumnDef => ({
  key: 'readAt',
  type: 'date',
  defaultsTo: 'none',
  header: 'Fecha',
  aliases: ['Fecha del parto', 'Fecha del tratamiento', 'Día'],
  requiredMessage: RIDER_TEMPLATE_MESSAGES.dateRequired,
  help: `DD/MM/AAAA o una fecha de Excel, desde el ${formatDay(MIN_RECORD_DATE)} y no futura.`,
  examples,
})

const riderColumn: ColumnDef = {
  key: 'rider',
  type: 'rider',
  header: 'Recorredor',
  help: 'El nombre de un recorredor configurado en el establecimiento. Vacío: sin indicar.',
  examples: ['', ''],
}

export const TEMPLATES: Record<BulkKind, TemplateDef> = {
  preservice: {
    kind: 'preservice',
    title: 'Nuevas Pre-servicios',
    fileName: 'preservicios_template_2.xlsx',
    noun: 'preservicios',
    work: CATTLE_HANDLING_WORK.preservice,
    columns: [
      visualTag,
      electronicTag,
      eventDate(),
      {
        key: 'reproductiveGrade',
        type: 'lookup',
        table: 'reproductive_grades',
        values: REPRODUCTIVE_GRADES,
        header: EVENT_FIELDS.preservice.grade.templateHeader,
        aliases: ['Grado de desarrollo reproductivo', 'RDG', 'Grado'],
        help: 'Grado de desarrollo reproductivo: 1 a 4.',
        examples: [3, 4],
      },
      {
        key: 'ovarianStatus',
        type: 'lookup',
        table: 'ovarian_statuses',
        values: OVARIAN_STATUSES,
        header: EVENT_FIELDS.preservice.ovarian.templateHeader,
        aliases: ['Estado ovarico', 'Ovarios'],
        help: `Una de: ${OVARIAN_STATUSES.join(', ')}.`,
        examples: ['Ciclando', 'Anestro sup'],
      },
    ],
    rowRules: [EVENT_ANIMAL_RULE, 'GDR o estado ovárico: al menos uno.', FEMALE_RULE],
  },
  'artificial-insemination': {
    kind: 'artificial-insemination',
    title: 'Nuevas Inseminaciones',
    fileName: 'IATF_Template.xlsx',
    noun: 'inseminaciones',
    work: CATTLE_HANDLING_WORK.artificialInsemination,
    columns: [
      visualTag,
      electronicTag,
      eventDate(),
      {
        key: 'bull',
        type: 'bull',
        header: EVENT_FIELDS['artificial-insemination'].bull.templateHeader,
        aliases: ['Toro IA', 'Toro (alias)', 'Alias toro', 'bull'],
        help: 'Alias de un toro configurado en el establecimiento. Vacío: sin especificar.',
        examples: ['Toro 1', 'Toro 1'],
      },
      {
        key: 'inseminator',
        type: 'inseminator',
        header: EVENT_FIELDS['artificial-insemination'].inseminator.templateHeader,
        aliases: ['inseminator'],
        help: 'Nombre y apellido (o solo el nombre) de un inseminador configurado. Vacío: sin especificar.',
        examples: ['Juan Pérez', 'Juan Pérez'],
      },
    ],
    rowRules: [EVENT_ANIMAL_RULE, FEMALE_RULE],
  },
  'pregnancy-check': {
    kind: 'pregnancy-check',
    title: 'Subir Archivos - Diag. Gestación',
    fileName: 'PregnancyCheck_Template.xlsx',
    noun: 'diagnósticos de gestación',
    work: CATTLE_HANDLING_WORK.pregnancyCheck,
    columns: [
      visualTag,
      electronicTag,
      eventDate(),
      {
        key: 'diagnosis',
        type: 'lookup',
        table: 'pregnancy_check_details',
        values: PREGNANCY_CHECK_DETAILS,
        header: EVENT_FIELDS['pregnancy-check'].detail.templateHeader,
        aliases: ['Diagnostico', 'Diag', 'Resultado'],
        requiredMessage: 'Diagnóstico requerido',
        help: `Una de: ${PREGNANCY_CHECK_DETAILS.join(', ')}.`,
        examples: ['IA', 'Cabeza'],
      },
      {
        key: 'ultrasound',
        type: 'yesNo',
        header: EVENT_FIELDS['pregnancy-check'].ultrasound.templateHeader,
        aliases: ['Ecografía (Sí/No)', 'Ecografia', 'Eco', 'Ecógrafo'],
        help: 'Sí o No. Vacía: No.',
        examples: ['Sí', 'No'],
      },
      {
        key: 'bull',
        type: 'bull',
        natural: true,
        header: 'Toro IA',
        aliases: ['Toro', 'Toro IA o REPASO', 'Servicio'],
        help: `Para una preñada: el alias del toro de la IA, o ${NATURAL_SERVICE} si es de servicio natural. Vacío: se desconoce. Queda como servicio del animal.`,
        examples: ['Toro 1', NATURAL_SERVICE],
      },
    ],
    rowRules: [
      EVENT_ANIMAL_RULE,
      `Una vaca Vacia no lleva toro; una preñada por IA no lleva ${NATURAL_SERVICE}.`,
      FEMALE_RULE,
    ],
  },
  weighing: {
    kind: 'weighing',
    title: 'Nuevas Pesadas',
    fileName: 'Pesada_Template.xlsx',
    noun: 'pesadas',
    work: CATTLE_HANDLING_WORK.weighing,
    columns: [
      visualTag,
      electronicTag,
      {
        ...eventDate(
          `DD/MM/AAAA, con hora opcional (DD/MM/AAAA HH:MM), o una fecha de Excel. Vacía: ${formatDayTime(DEFAULT_WEIGHING_READ_AT)}.`,
        ),
        withTime: true,
        defaultsTo: 'weighing',
        examples: ['15/03/2025 08:30', '15/03/2025 08:35'],
      },
      {
        key: 'weight',
        type: 'number',
        min: WEIGHT_RANGE.min,
        max: WEIGHT_RANGE.max,
        unit: 'kg',
        header: EVENT_FIELDS.weighing.weight.templateHeader,
        aliases: ['Peso (kg)', 'Kg', 'Peso vivo', 'weight'],
        requiredMessage: 'Peso requerido',
        help: `Kilos, de ${WEIGHT_RANGE.min} a ${WEIGHT_RANGE.max} (decimales con coma o punto).`,
        examples: [352.5, 298],
      },
      {
        key: 'weighingTime',
        type: 'lookup',
        table: 'weighing_times',
        values: WEIGHING_TIMES,
        header: EVENT_FIELDS.weighing.weighingTime.templateHeader,
        aliases: ['Momento', 'Momento pesada', 'weighing_time'],
        help: `Una de: ${WEIGHING_TIMES.join(', ')}. Vacío: sin especificar.`,
        examples: ['Destete', 'Destete'],
      },
    ],
    rowRules: [EVENT_ANIMAL_RULE],
  },
  animals: {
    kind: 'animals',
    title: 'Nuevos Animales',
    fileName: 'Animales_Template.xlsx',
    noun: 'animales',
    columns: [
      {
        ...visualTag,
        requiredMessage: 'IDV Requerido',
        aliases: ['Caravana visual', 'Caravana', 'visual_tag'],
      },
      electronicTag,
      {
        key: 'category',
        type: 'lookup',
        table: 'animal_types',
        values: ANIMAL_TYPES,
        header: 'Categoría',
        aliases: ['Categoria', 'Tipo de animal'],
        requiredMessage: ANIMAL_MESSAGES.categoryRequired,
        help: `Una de: ${ANIMAL_TYPES.join(', ')}.`,
        examples: ['Vaca', 'Ternero'],
      },
      {
        key: 'breed',
        type: 'lookup',
        table: 'breeds',
        values: BREEDS,
        header: 'Raza',
        requiredMessage: ANIMAL_MESSAGES.breedRequired,
        help: `Una de: ${BREEDS.join(', ')}.`,
        examples: ['Angus', 'Angus'],
      },
      {
        key: 'color',
        type: 'lookup',
        table: 'colors',
        values: COLORS,
        header: 'Color',
        requiredMessage: ANIMAL_MESSAGES.colorRequired,
        help: `Solo ${COLORS.join(', ')}.`,
        examples: ['negro', 'colorado'],
      },
      {
        key: 'sex',
        type: 'lookup',
        table: 'sexes',
        values: SEXES,
        header: 'Sexo',
        aliases: ['Género', 'Genero'],
        help: 'Macho o Hembra. Vacío: el de la categoría.',
        examples: ['Hembra', 'Macho'],
      },
      {
        key: 'dateOfBirth',
        type: 'date',
        defaultsTo: 'none',
        header: 'Fecha de nacimiento',
        aliases: ['Nacimiento', 'F. nacimiento', 'Fecha nacimiento'],
        help: `DD/MM/AAAA o una fecha de Excel, desde el ${formatDay(MIN_RECORD_DATE)} y no futura.`,
        examples: ['10/09/2019', '02/08/2025'],
      },
      {
        key: 'weightAtBirth',
        type: 'number',
        min: BIRTH_WEIGHT_RANGE.min,
        max: BIRTH_WEIGHT_RANGE.max,
        unit: 'kg',
        header: 'Peso al nacer',
        aliases: ['Peso nacimiento', 'Peso al nacimiento'],
        help: `Kilos, de ${BIRTH_WEIGHT_RANGE.min} a ${BIRTH_WEIGHT_RANGE.max}.`,
        examples: ['', 32],
      },
      {
        key: 'birthType',
        type: 'lookup',
        table: 'birth_types',
        values: BIRTH_TYPES,
        header: 'Tipo de parto',
        aliases: ['Parto'],
        help: `Una de: ${BIRTH_TYPES.join(', ')}.`,
        examples: ['', 'Normal'],
      },
      {
        key: 'rodeo',
        type: 'rodeo',
        header: 'Rodeo',
        help: 'El nombre de un rodeo existente del establecimiento.',
        examples: ['General', 'General'],
      },
      {
        key: 'checkInType',
        type: 'lookup',
        table: 'check_in_types',
        values: CHECK_IN_TYPES,
        header: 'Tipo de ingreso',
        aliases: ['Ingreso', 'Check-in', 'Tipo ingreso'],
        requiredMessage: ANIMAL_MESSAGES.checkInRequired,
        help: `Una de: ${CHECK_IN_TYPES.join(', ')}.`,
        examples: ['Compra', 'Nacimiento'],
      },
      {
        key: 'origin',
        type: 'text',
        header: 'Origen',
        help: `Texto libre, hasta ${TEXT_MAX} caracteres.`,
        examples: ['Remate Rosario', ''],
      },
      {
        key: 'cuig',
        type: 'text',
        header: 'CUIG',
        help: `Texto, hasta ${TEXT_MAX} caracteres.`,
        examples: ['AB123', ''],
      },
      {
        key: 'senasa',
        type: 'text',
        header: 'SENASA',
        help: `Texto, hasta ${TEXT_MAX} caracteres.`,
        examples: ['', ''],
      },
      {
        key: 'motherTag',
        type: 'motherTag',
        header: 'IDV madre',
        aliases: ['Madre', 'Caravana madre', 'IDV de la madre'],
        help: 'IDV de la madre: una hembra viva del establecimiento, o una de las filas anteriores del archivo.',
        examples: ['', 'A-0001'],
      },
      {
        key: 'father',
        type: 'bull',
        header: 'Toro padre',
        aliases: ['Padre', 'Toro'],
        help: 'Alias de un toro configurado en el establecimiento.',
        examples: ['', 'Toro 1'],
      },
    ],
    rowRules: [
      'IDV e IDE no se pueden repetir: ni en el archivo ni con otro animal vivo (el IDV, en el establecimiento; el IDE, en todos).',
      'El sexo debe corresponder a la categoría.',
      'Las mismas reglas que el alta individual de un animal; la fecha de ingreso es la de la carga.',
    ],
  },
  births: {
    kind: 'births',
    title: 'Nuevos Partos',
    fileName: 'Partos_Template.xlsx',
    noun: 'partos',
    columns: [
      {
        key: 'motherTag',
        type: 'motherTag',
        header: 'IDV madre',
        aliases: ['Madre', 'Caravana madre', 'IDV de la madre'],
        requiredMessage: RIDER_TEMPLATE_MESSAGES.motherRequired,
        help: 'IDV de la madre: una hembra del rodeo del establecimiento.',
        examples: ['V-001', 'V-002'],
      },
      riderDate(['02/09/2025', '03/09/2025']),
      {
        key: 'sex',
        type: 'lookup',
        table: 'sexes',
        values: SEXES,
        header: 'Sexo del ternero',
        aliases: ['Sexo', 'Sexo ternero'],
        requiredMessage: RIDER_TEMPLATE_MESSAGES.sexRequired,
        help: 'Macho o Hembra: el ternero es Ternero o Ternera.',
        examples: ['Hembra', 'Macho'],
      },
      {
        key: 'birthType',
        type: 'lookup',
        table: 'birth_types',
        values: BIRTH_TYPES,
        header: 'Tipo de parto',
        aliases: ['Parto'],
        help: `Una de: ${BIRTH_TYPES.join(', ')}. Vacío: sin indicar.`,
        examples: ['Normal', 'Asistido'],
      },
      {
        key: 'weightAtBirth',
        type: 'number',
        min: BIRTH_WEIGHT_RANGE.min,
        max: BIRTH_WEIGHT_RANGE.max,
        unit: 'kg',
        header: 'Peso al nacer (kg)',
        aliases: ['Peso al nacer', 'Peso nacimiento', 'Peso'],
        help: `Kilos, de ${BIRTH_WEIGHT_RANGE.min} a ${BIRTH_WEIGHT_RANGE.max} (decimales con coma o punto). Vacío: sin pesar.`,
        examples: [32.5, ''],
      },
      {
        key: 'calfTag',
        type: 'visualTag',
        header: 'Caravana del ternero (IDV)',
        aliases: ['Caravana del ternero', 'IDV ternero', 'IDV del ternero'],
        help: `Caravana visual del ternero, hasta ${VISUAL_TAG_MAX} caracteres: se crea el animal con su madre, en el rodeo de la madre. Vacía: ${RIDER_TEMPLATE_MESSAGES.pendingTag.toLowerCase()} (el ternero se crea cuando se le pone la caravana, editando el parto).`,
        examples: ['T-101', ''],
      },
      {
        key: 'calfElectronicTag',
        type: 'electronicTag',
        header: 'RFID del ternero',
        aliases: ['IDE ternero', 'IDE del ternero', 'RFID ternero'],
        help: 'Caravana electrónica del ternero, 15 caracteres. Solo con la caravana visual.',
        examples: ['', ''],
      },
      riderColumn,
      {
        key: 'note',
        type: 'text',
        header: 'Observación',
        aliases: ['Observaciones', 'Nota'],
        help: 'Texto libre, hasta 500 caracteres.',
        examples: ['', 'Parto de noche'],
      },
    ],
    rowRules: [
      'La madre es una hembra del establecimiento que sigue en el rodeo.',
      'La fecha del parto es posterior al nacimiento de la madre y está a 280 días o más de otro parto suyo (en el establecimiento o en el archivo); un mellizo va el mismo día.',
      'La caravana del ternero no puede estar en uso ni repetirse en el archivo.',
      'Las mismas reglas que el formulario de Nuevo parto.',
    ],
  },
  treatments: {
    kind: 'treatments',
    title: 'Nuevos Tratamientos',
    fileName: 'Tratamientos_Template.xlsx',
    noun: 'tratamientos',
    columns: [
      visualTag,
      electronicTag,
      riderDate(['02/09/2025', '02/09/2025']),
      {
        key: 'treatment',
        type: 'lookup',
        table: 'treatments',
        values: TREATMENTS,
        header: 'Producto',
        aliases: ['Tratamiento', 'Medicamento'],
        requiredMessage: RIDER_TEMPLATE_MESSAGES.treatmentRequired,
        help: `Uno de: ${TREATMENTS.join(', ')}.`,
        examples: [TREATMENTS[0], TREATMENTS[0]],
      },
      {
        key: 'dose',
        type: 'text',
        header: 'Dosis',
        help: 'Texto, hasta 100 caracteres (Ej.: 10 ml).',
        examples: ['10 ml', '10 ml'],
      },
      {
        key: 'route',
        type: 'text',
        header: 'Vía',
        aliases: ['Vía de aplicación', 'Via'],
        help: 'Texto, hasta 100 caracteres (Ej.: subcutánea).',
        examples: ['Subcutánea', 'Subcutánea'],
      },
      {
        key: 'withdrawalDays',
        type: 'number',
        min: 0,
        max: 365,
        unit: 'días',
        header: 'Días de retiro',
        aliases: ['Retiro', 'Días retiro'],
        help: 'Días enteros de 0 a 365. Vacío: 0. Con días de retiro, el animal tiene una alerta hasta el fin del retiro.',
        examples: [30, 30],
      },
      riderColumn,
    ],
    rowRules: [
      'Cada fila es un tratamiento de un animal del establecimiento, por IDV o IDE (al menos uno; si están los dos, deben ser del mismo animal).',
      'Un animal muerto no puede recibir tratamientos.',
      'Las mismas reglas que el formulario de Nuevo tratamiento.',
    ],
  },
}

/** The spec's "upload format rules shown to the user" (section 5), shown in every help dialog. */
export const FORMAT_RULES: readonly string[] = [
  'IDV e IDE no se pueden repetir.',
  'La caravana electrónica (IDE) tiene 15 caracteres (Excel puede perder un 0 inicial: se repone).',
  'Ecografía: Sí o No.',
  `Opciones de diagnóstico: ${PREGNANCY_CHECK_DETAILS.join(', ')}.`,
  'El formato de la fecha es DD/MM/AAAA.',
  `El color es solo ${COLORS.join(', ')}.`,
  `Categorías: ${ANIMAL_TYPES.join(', ')}.`,
  'Los rodeos deben coincidir con los existentes.',
  `Tipo de ingreso: ${CHECK_IN_TYPES.join(', ')}.`,
  `Razas: ${BREEDS.join(', ')}.`,
  'El origen es texto libre.',
  `Para una preñada, indique el toro de la IA, o ${NATURAL_SERVICE} si es de servicio natural.`,
  'Los toros y los inseminadores deben estar configurados antes.',
  `Opciones de estado ovárico: ${OVARIAN_STATUSES.join(', ')}.`,
  'GDR: valores de 1 a 4.',
  'Deje en blanco lo que no se conoce.',
]

/** The panel's recommendations list. */
export const RECOMMENDATIONS: readonly string[] = [
  'Descargue la planilla de ejemplo y complete una fila por animal, sin cambiar los encabezados.',
  'Se lee solo la primera hoja; los encabezados pueden estar en cualquier orden.',
  `Hasta ${MAX_ROWS.toLocaleString('es-AR')} filas y ${MAX_UPLOAD_BYTES / 1024 / 1024} MB por archivo, en formato Excel (.xlsx).`,
  'Si alguna fila tiene un error no se guarda ninguna: corrija las filas indicadas y vuelva a enviar.',
]

/** Header matching ignores case, accents, spacing and punctuation: 'Ecografía (Sí/No)' = 'ecografia si no'. */
export function normalizeHeader(value: string) {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

/** Lookup values are matched ignoring case, accents and repeated spaces: 'vaq 1 SERV' = 'Vaq 1 serv'. */
export function normalizeValue(value: string) {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

export function isEventKind(kind: BulkKind): kind is EventKind {
  return kind !== 'animals' && kind !== 'births' && kind !== 'treatments'
}

/** Whether each row names its animal by IDV or IDE (the events and the treatments). */
export function namesAnimalByTag(kind: BulkKind) {
  return isEventKind(kind) || kind === 'treatments'
}

export function templateByFileName(fileName: string) {
  return Object.values(TEMPLATES).find((t) => t.fileName.toLowerCase() === fileName.toLowerCase())
}

/** A column as the help dialog, the instructions sheet and the docs describe it. */
export function describeColumn(column: ColumnDef) {
  return {
    header: column.header,
    required: column.requiredMessage ? 'Sí' : (column.requiredNote ?? 'No'),
    help: column.help,
  }
}

function formatDay(iso: string) {
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}

function formatDayTime(iso: string) {
  return `${formatDay(iso)} ${iso.slice(11, 16)}`
}
