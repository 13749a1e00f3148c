import { OpenAPIHono } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { ANIMAL_FIELD_LABELS } from '~/features/animals/animal-record.schema'
import { CAPACITATION_FIELD_LABELS } from '~/features/capacitations/capacitations.schema'
import { EVENT_FIELD_LABELS } from '~/features/events/event-kinds'
import { RIDER_FIELD_LABELS } from '~/features/riders/riders.schema'
import type { ApiEnv } from './types'

/**
 * How the provider API names the fields of paths, query strings and bodies in its messages. A field
 * missing here keeps its own name (an API client knows it by that name anyway).
 */
const FIELD_LABELS: Record<string, string> = {
  // The animal record's fields keep the names its form shows ('RFID', 'Fecha de nacimiento').
  ...ANIMAL_FIELD_LABELS,
  page: 'Página',
  perPage: 'Resultados por página',
  sort: 'Columna de orden',
  order: 'Sentido del orden',
  // A path id's message names its resource already ('Sesión inválida').
  id: '',
  ids: 'Identificadores',
  establishmentId: 'Establecimiento',
  establishment_id: 'Establecimiento',
  animal_id: 'Animal',
  animal_ids: 'Animales',
  alerts: 'Alertas',
  description: 'Descripción',
  visual_tag: 'IDV',
  electronic_tag: 'RFID',
  status: 'Estado',
  mode: 'Modo',
  version: 'Versión',
  cattle_handling_id: 'Sesión',
  cattle_handling: 'Sesiones',
  category: 'Categorías',
  rodeo: 'Rodeos',
  read_at_from: 'Fecha desde',
  read_at_to: 'Fecha hasta',
  date_of_birth_from: 'Nacimiento desde',
  date_of_birth_to: 'Nacimiento hasta',
  name: 'Nombre',
  activityDate: 'Fecha',
  cattle_handling_work: 'Tipo',
  read_at: 'Fecha',
  // The events' own fields, from the event-kind registry.
  ...EVENT_FIELD_LABELS,
  // Configuración: establishments and their people (decision 032).
  url_dashboard_cattle_handling: 'URL del tablero de manga',
  role: 'Rol',
  surname: 'Apellido',
  invitationId: 'Invitación',
  userId: 'Usuario',
  // The establishment framework (decision 033); a path item id's message names it ('Elemento inválido').
  itemId: '',
  alias: 'Alias',
  first_name: 'Nombre',
  last_name: 'Apellido',
  key: 'Clave',
  registration: 'Registro o RFID',
  include_archived: 'Mostrar archivados',
  // Animales filters behind Resumen's numbers (decision 035).
  no_rfid: 'Sin RFID',
  not_weighed: 'Sin pesar',
  pregnancy_check_due: 'Pendiente de tacto',
  // The audit log's filters.
  user_id: 'Persona',
  entity: 'Entidad',
  from: 'Desde',
  to: 'Hasta',
  ...CAPACITATION_FIELD_LABELS,
  // An idempotent create's header (decision 040).
  'idempotency-key': 'Clave de idempotencia',
  // The riders' records (decision 036).
  ...RIDER_FIELD_LABELS,
  // Sign-in and passwords.
  username: 'Usuario',
  password: 'Contraseña',
  current_password: 'Contraseña actual',
  new_password: 'Nueva contraseña',
  email: 'Correo electrónico',
  token: 'Enlace de restablecimiento',
  remember: 'Recordarme',
  // Paths naming an establishment or an animal.
  eid: 'Establecimiento',
  aid: 'Animal',
  // Searches, pickers and list filters.
  tag: 'Caravana',
  exclude: 'Animal a excluir',
  except: 'Animales excluidos',
  columns: 'Columnas',
  device_token: 'Dispositivo conocido',
  active: 'Activa',
  animal_types: 'Categorías',
  breed: 'Razas',
  color: 'Colores',
  check_in_type: 'Tipos de ingreso',
  bull: 'Toros',
  inseminator: 'Inseminadores',
  ovarian_status: 'Estados ováricos',
  pregnancy_check_detail: 'Diagnósticos',
  reproductive_grade: 'Grados reproductivos',
  weighing_time: 'Momentos de pesada',
  last_weight_min: 'Último peso desde',
  last_weight_max: 'Último peso hasta',
  weight_min: 'Peso desde',
  weight_max: 'Peso hasta',
  gdpv_min: 'GDPV desde',
  gdpv_max: 'GDPV hasta',
  dashboard_type_id: 'Tipo de tablero',
  file: 'Archivo',
  // Boards, feedlot and RFI (issue 22).
  title: 'Título',
  url: 'Dirección',
  default: 'Predeterminado',
  boardId: '',
  rodeoId: '',
  testId: '',
  target_weight: 'Peso objetivo',
  date: 'Fecha',
  rodeo_id: 'Rodeo',
  start_date: 'Inicio',
  end_date: 'Fin',
  adaptation_days: 'Días de adaptación',
}

/** The Spanish name of a request field, or undefined when none is known. */
export function fieldLabel(key: string): string | undefined {
  return Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key] : undefined
}

/**
 * The field's names along the path: 'alerts.2.description' → ['Alertas n.º 3', 'Descripción'].
 * The last name is left out when the message already says it ('La descripción es obligatoria',
 * 'Establecimiento inválido'), so the spec's messages reach the caller as written.
 */
function fieldNames(path: readonly PropertyKey[], message: string) {
  const names: string[] = []
  for (const part of path) {
    if (typeof part === 'number') names.push(`${names.pop() ?? ''} n.º ${part + 1}`.trim())
    else names.push(fieldLabel(String(part)) ?? String(part))
  }
  const last = names.at(-1)
  if (last !== undefined && message.toLocaleLowerCase('es').includes(last.toLocaleLowerCase('es')))
    names.pop()
  return names.filter(Boolean)
}

/** A readable Spanish summary of a validation failure: the first problem, with its field. */
export function describeZodError(error: ZodError) {
  const issue = error.issues[0]
  if (!issue) return 'Datos inválidos'
  const names = fieldNames(issue.path, issue.message)
  return names.length > 0 ? `${names.join(', ')}: ${issue.message}` : issue.message
}

/** A router whose request validation failures answer 400 `{ error }` like every other error. */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json({ error: describeZodError(result.error) }, 400)
      }
    },
  })
}

export type ApiRouter = ReturnType<typeof createRouter>
