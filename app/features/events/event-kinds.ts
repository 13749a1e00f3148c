import { CATTLE_HANDLING_WORK, type CattleHandlingWork } from '~/db/schema'

/**
 * The four kinds of event recorded at the chute (spec sections 3 and 7), with everything that differs
 * between them but is not a field: their work code, the API paths the spec gives (note the list path
 * of weighings is singular), their table, and the words and toasts a user sees.
 */
export const EVENT_KINDS = ['artificial-insemination', 'pregnancy-check', 'preservice', 'weighing'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

export type EventTable = 'artificial_inseminations' | 'pregnancy_checks' | 'preservices' | 'weighings'

export interface EventKindInfo {
  work: CattleHandlingWork
  table: EventTable
  /** The audit log's entity name ('weighing'). */
  entity: string
  /** GET /v2/establishment/{establishmentId}/{listPath} */
  listPath: string
  /** POST /v2/establishment/{id}/{resourcePath} and PATCH /v2/{resourcePath}/{id} */
  resourcePath: string
  /** The provider's spreadsheet upload, POST {uploadPath} (spec section 7). */
  uploadPath: string
  /** The kind's segment of the app's own upload endpoint, /api/bulk-upload/{uploadSegment}. */
  uploadSegment: string
  /** The tab and page heading, e.g. 'Pesadas'. */
  plural: string
  /** Lower-case plural for sentences and the export file name, e.g. 'pesadas'. */
  pluralLower: string
  /** 'Nueva Pesada' (spec section 2). */
  newTitle: string
  /** 'Editar pesada'. */
  editTitle: string
  /** 'una pesada', for sentences such as 'Este animal ya tiene una pesada en esta sesión'. */
  aSingular: string
  messages: {
    createSuccess: string
    createError: string
    updateSuccess: string
    updateError: string
  }
}

export const EVENT_KIND_INFO: Record<EventKind, EventKindInfo> = {
  'artificial-insemination': {
    work: CATTLE_HANDLING_WORK.artificialInsemination,
    table: 'artificial_inseminations',
    entity: 'artificial_insemination',
    listPath: 'artificial-inseminations',
    resourcePath: 'artificial-inseminations',
    uploadPath: '/v2/artificialinseminations/bulk-upload',
    uploadSegment: 'artificial-inseminations',
    plural: 'Inseminaciones',
    pluralLower: 'inseminaciones',
    newTitle: 'Nueva Inseminación',
    editTitle: 'Editar inseminación',
    aSingular: 'una inseminación',
    messages: {
      createSuccess: 'Inseminación artificial creada con éxito',
      createError: 'Error al crear inseminación',
      updateSuccess: 'Inseminación artificial modificada con éxito',
      updateError: 'Error al modificar inseminación',
    },
  },
  'pregnancy-check': {
    work: CATTLE_HANDLING_WORK.pregnancyCheck,
    table: 'pregnancy_checks',
    entity: 'pregnancy_check',
    listPath: 'pregnancy-checks',
    resourcePath: 'pregnancy-checks',
    uploadPath: '/v2/pregnancy-checks/bulk-upload',
    uploadSegment: 'pregnancy-checks',
    plural: 'Diag. Gestación',
    pluralLower: 'diagnósticos',
    newTitle: 'Nuevo Diag. Gestación',
    editTitle: 'Editar Diag. Gestación',
    aSingular: 'un diagnóstico de gestación',
    messages: {
      createSuccess: 'Diag. Gestación creado con éxito',
      createError: 'Error al crear Diag. Gestación',
      updateSuccess: 'Diag. Gestación modificado con éxito',
      updateError: 'Error al modificar Diag. Gestación',
    },
  },
  preservice: {
    work: CATTLE_HANDLING_WORK.preservice,
    table: 'preservices',
    entity: 'preservice',
    listPath: 'preservices',
    resourcePath: 'preservices',
    uploadPath: '/v2/preservices/bulk-upload',
    uploadSegment: 'preservices',
    plural: 'Preservicios',
    pluralLower: 'preservicios',
    newTitle: 'Nuevo Preservicio',
    editTitle: 'Editar preservicio',
    aSingular: 'un preservicio',
    messages: {
      createSuccess: 'Pre-servicio creado con éxito',
      createError: 'Error al crear Pre-servicio',
      updateSuccess: 'Pre-servicio modificado con éxito',
      updateError: 'Error al modificar Pre-servicio',
    },
  },
  weighing: {
    work: CATTLE_HANDLING_WORK.weighing,
    table: 'weighings',
    entity: 'weighing',
    listPath: 'weighing',
    resourcePath: 'weighings',
    uploadPath: '/v2/weighings/bulk-upload',
    uploadSegment: 'weighings',
    plural: 'Pesadas',
    pluralLower: 'pesadas',
    newTitle: 'Nueva Pesada',
    editTitle: 'Editar pesada',
    aSingular: 'una pesada',
    messages: {
      createSuccess: 'Pesada creado con éxito',
      createError: 'Error al crear Pesada',
      updateSuccess: 'Pesada modificada con éxito',
      updateError: 'Error al modificar Pesada',
    },
  },
}

/** The tables an event's id field points at: the establishment's framework, or a general lookup. */
export type EventLookup =
  | 'bulls'
  | 'inseminators'
  | 'pregnancy_check_details'
  | 'reproductive_grades'
  | 'ovarian_statuses'
  | 'weighing_times'

/** The lookups that are the establishment's own (its bulls and inseminators); the others are general. */
export const ESTABLISHMENT_LOOKUPS: ReadonlySet<EventLookup> = new Set(['bulls', 'inseminators'])

/** How a kind's own field is written down in the registry (the words a person sees derive from it). */
interface EventFieldSpec {
  /** The API's field name (spec section 3, "… (create)"). */
  wire: string
  /** Its Spanish name: the API's messages, the form and the filters, unless a rule below says otherwise. */
  label: string
  /** The column of the kind's table. */
  column: string
  /** What an id points at. */
  lookup?: EventLookup
  /** Shown after the label where a number is typed or read ('Peso (kg)'); the API and the template omit it. */
  unit?: string
  /** The short name of the table, the filters and the template ('GDR'); the form shows both. */
  abbreviation?: string
  /** The table's column header where it is shorter still ('Momento'). */
  header?: string
}

/** One of a kind's own fields (besides the animal, the session and the date that every kind has). */
export interface EventFieldInfo extends EventFieldSpec {
  /** The record form's label. */
  formLabel: string
  /** The event table's column header (and the export's). */
  header: string
  /** The event table's filter label. */
  filterLabel: string
  /** The header of the upload template's column. */
  templateHeader: string
}

function eventField(spec: EventFieldSpec): EventFieldInfo {
  const { label, unit, abbreviation } = spec
  const withUnit = unit ? `${label} (${unit})` : label
  return {
    ...spec,
    formLabel: abbreviation ? `${label} (${abbreviation})` : withUnit,
    header: spec.header ?? abbreviation ?? withUnit,
    filterLabel: abbreviation ?? withUnit,
    templateHeader: abbreviation ?? label,
  }
}

/**
 * Each kind's own fields, in the order the spec lists them. The API's field names (`FIELD_LABELS`),
 * the record form's labels, the event tables' headers and filters, the upload templates' headers and
 * the write's columns are read from here (decisions 022 and 030).
 */
export const EVENT_FIELDS = {
  'artificial-insemination': {
    bull: eventField({ wire: 'bull_id', label: 'Toro', column: 'bull_id', lookup: 'bulls' }),
    inseminator: eventField({
      wire: 'inseminator_id',
      label: 'Inseminador',
      column: 'inseminator_id',
      lookup: 'inseminators',
    }),
  },
  'pregnancy-check': {
    detail: eventField({
      wire: 'pregnancy_check_detailId',
      label: 'Diagnóstico',
      column: 'pregnancy_check_detail_id',
      lookup: 'pregnancy_check_details',
    }),
    ultrasound: eventField({ wire: 'is_ultrasound_scan', label: 'Ecografía', column: 'is_ultrasound_scan' }),
  },
  preservice: {
    grade: eventField({
      wire: 'reproductive_grade_id',
      label: 'Grado reproductivo',
      abbreviation: 'GDR',
      column: 'reproductive_grade_id',
      lookup: 'reproductive_grades',
    }),
    ovarian: eventField({
      wire: 'ovarian_status_id',
      label: 'Estado ovárico',
      column: 'ovarian_status_id',
      lookup: 'ovarian_statuses',
    }),
  },
  weighing: {
    weight: eventField({ wire: 'weight', label: 'Peso', unit: 'kg', column: 'weight' }),
    weighingTime: eventField({
      wire: 'weighing_time_id',
      label: 'Momento de pesada',
      header: 'Momento',
      column: 'weighing_time_id',
      lookup: 'weighing_times',
    }),
  },
} as const satisfies Record<EventKind, Record<string, EventFieldInfo>>

/** The Spanish names of the event writes' fields, by API field name (for `FIELD_LABELS`). */
export const EVENT_FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.values(EVENT_FIELDS).flatMap((fields) =>
      Object.values(fields).map((field: EventFieldInfo) => [field.wire, field.label]),
    ),
  ),
  /** The person confirmed a repeat in the session (events.rules.ts). */
  confirm_repeat: 'Confirmación de registro repetido',
}

export const WEIGHING_DELETE_MESSAGES = {
  success: 'Pesada eliminada con éxito',
  error: 'Error al eliminar Pesada',
} as const

/** The kind whose sessions have this work code. */
export function kindOfWork(work: CattleHandlingWork): EventKind {
  const kind = EVENT_KINDS.find((candidate) => EVENT_KIND_INFO[candidate].work === work)
  if (!kind) throw new Error(`Tipo de sesión desconocido: ${work}`)
  return kind
}

/** An edit based on an old version (someone saved the event meanwhile): 409. */
export const STALE_EDIT_MESSAGE =
  'Otra persona modificó este registro mientras usted lo editaba. Recargue la lista y vuelva a intentarlo.'
