import { z } from 'zod'
import { dbIdParam } from '~/lib/db-id'
import { idListParam, isoDateParam, pageMetaSchema, pageParam, perPageParam } from '~/lib/list-query'

/**
 * The audit log viewer (issue 19 part B, decision 033): the establishment's `audit_log` as a paged
 * table, filtered by person, entity and date range, and the Spanish reading of each entry.
 */

export const AUDIT_PER_PAGE_OPTIONS = [25, 50, 100] as const
export const AUDIT_MAX_PER_PAGE = 100

/** Spanish names of the audited entities (the log's `entity`, a table's singular). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  animal: 'Animal',
  alert: 'Alerta',
  cattle_handling: 'Sesión',
  artificial_insemination: 'Inseminación',
  pregnancy_check: 'Diag. Gestación',
  preservice: 'Pre-servicio',
  weighing: 'Pesada',
  body_condition: 'Condición corporal',
  note: 'Nota',
  rodeo: 'Rodeo',
  bull: 'Toro',
  inseminator: 'Inseminador',
  rider: 'Recorredor',
  origin: 'Origen',
  owner: 'Propietario',
  user: 'Usuario',
  establishment: 'Establecimiento',
  membership: 'Miembro',
  invitation: 'Invitación',
  bulk_upload: 'Carga masiva',
}

/** Spanish names of the verbs an action ends with ('bull_create' → 'Alta'). */
const VERB_LABELS: Record<string, string> = {
  create: 'Alta',
  update: 'Modificación',
  delete: 'Baja',
  archive: 'Archivado',
  restore: 'Restauración',
  mark_read: 'Marcada como leída',
  move: 'Cambio',
  upload: 'Carga',
}

/** Spanish names of recorded fields; a field missing here shows its own name. */
const FIELD_LABELS: Record<string, string> = {
  description: 'Descripción',
  name: 'Nombre',
  alias: 'Alias',
  breed_id: 'Raza',
  registration: 'Registro o RFID',
  first_name: 'Nombre',
  last_name: 'Apellido',
  key: 'Clave',
  archived: 'Archivado',
  archived_at: 'Archivado',
  visual_tag: 'IDV',
  electronic_tag: 'RFID',
  rodeo_id: 'Rodeo',
  animal_type_id: 'Categoría',
  weight: 'Peso',
  read_at: 'Fecha',
  active: 'Activa',
  is_admin: 'Administrador',
  email: 'Correo electrónico',
}

export function auditEntityLabel(entity: string) {
  return AUDIT_ENTITY_LABELS[entity] ?? entity
}

export function auditActionLabel(action: string, entity: string) {
  const verb = action.startsWith(`${entity}_`) ? action.slice(entity.length + 1) : action
  return VERB_LABELS[verb] ?? action
}

function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'sí' : 'no'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** What changed, one Spanish line per field: 'Alias: «Viejo» → «Nuevo»'. */
export function describeAuditChanges(entry: { before: unknown; after: unknown }): string[] {
  const before = (entry.before && typeof entry.before === 'object' ? entry.before : {}) as Record<
    string,
    unknown
  >
  const after = (entry.after && typeof entry.after === 'object' ? entry.after : {}) as Record<string, unknown>
  const lines: string[] = []
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const label = FIELD_LABELS[field] ?? field
    const had = field in before
    const has = field in after
    if (had && has) {
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue
      lines.push(`${label}: «${readable(before[field])}» → «${readable(after[field])}»`)
    } else if (has) lines.push(`${label}: «${readable(after[field])}»`)
    else lines.push(`${label}: era «${readable(before[field])}»`)
  }
  return lines
}

/** The filters and page of the viewer, as the URL and the API's query hold them. */
export const auditListQuerySchema = z.object({
  page: pageParam,
  perPage: perPageParam(AUDIT_MAX_PER_PAGE, 25),
  user_id: dbIdParam('Persona inválida').optional(),
  entity: z.string().trim().max(40, 'Entidad inválida').optional(),
  from: isoDateParam,
  to: isoDateParam,
  /** The rows of an export (their ids), on any page. */
  ids: idListParam(AUDIT_MAX_PER_PAGE),
})
export type AuditListQuery = z.input<typeof auditListQuerySchema>

/** A superadmin's view over every establishment: the same, with an optional establishment. */
export const auditAllListQuerySchema = auditListQuerySchema.extend({
  establishment_id: dbIdParam('Establecimiento inválido').optional(),
})

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    /** ISO 8601 instant. */
    occurred_at: z.string(),
    user_id: z.number().int().nullable(),
    user_name: z.string().nullable(),
    establishment_id: z.number().int().nullable(),
    establishment_name: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entity_id: z.string().nullable(),
    // What the entry recorded (any JSON); `any`, not `json()`: the OpenAPI generator cannot draw a recursive type.
    before: z.any(),
    after: z.any(),
  })
  .meta({ id: 'AuditEntry' })
export type AuditEntry = z.infer<typeof auditEntrySchema>

export const auditPersonSchema = z.object({ id: z.number().int(), name: z.string() })
export type AuditPerson = z.infer<typeof auditPersonSchema>

export const auditPageSchema = z
  .object({
    data: z.array(auditEntrySchema),
    meta: pageMetaSchema,
    /** The filter's choices: the people of the establishment (of every one, for a superadmin). */
    people: z.array(auditPersonSchema),
  })
  .meta({ id: 'AuditPage' })
export type AuditPage = z.infer<typeof auditPageSchema>

export const AUDIT_MESSAGES = {
  notAdmin: 'Solo un administrador del establecimiento puede ver la auditoría',
  notSuperAdmin: 'Solo un superadministrador puede ver la auditoría de todos los establecimientos',
  listError: 'No se pudo obtener la auditoría',
} as const
