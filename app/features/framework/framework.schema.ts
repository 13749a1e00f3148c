import { z } from 'zod'
import { createRodeoSchema, RODEO_MESSAGES, rodeoSchema } from '~/features/rodeos/rodeos.schema'

/**
 * The establishment framework managed from Configuración (spec section 3, issue 19 part B, decision
 * 033): rodeos, bulls, inseminators, riders, origins and owners. Each kind has ONE body schema that
 * the dialog's form, the API's create and edit bodies and the server function share, and one item
 * schema that the API answers and the table shows.
 */

export const FRAMEWORK_KINDS = ['rodeos', 'bulls', 'inseminators', 'riders', 'origins', 'owners'] as const
export type FrameworkKind = (typeof FRAMEWORK_KINDS)[number]

/** How the UI and the messages name one kind (all six nouns are masculine). */
export const FRAMEWORK_NOUNS: Record<FrameworkKind, { one: string; many: string; One: string }> = {
  rodeos: { one: 'rodeo', many: 'rodeos', One: 'Rodeo' },
  bulls: { one: 'toro', many: 'toros', One: 'Toro' },
  inseminators: { one: 'inseminador', many: 'inseminadores', One: 'Inseminador' },
  riders: { one: 'recorredor', many: 'recorredores', One: 'Recorredor' },
  origins: { one: 'origen', many: 'orígenes', One: 'Origen' },
  owners: { one: 'propietario', many: 'propietarios', One: 'Propietario' },
}

const NAME_MAX = 50
const required = (label: string, max = NAME_MAX) =>
  z
    .string({ error: `${label} es obligatorio` })
    .trim()
    .min(1, `${label} es obligatorio`)
    .max(max, `${label} no puede superar los ${max} caracteres`)
/** An optional text: blank is null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} no puede superar los ${max} caracteres`)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))

export const bullBodySchema = z
  .object({
    alias: required('El alias del toro'),
    breed_id: z
      .number({ error: 'Raza inválida' })
      .int('Raza inválida')
      .positive('Raza inválida')
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    registration: optionalText('El registro o RFID', 40),
  })
  .meta({
    id: 'BullBody',
    examples: [{ alias: 'Toro de ejemplo', breed_id: null, registration: 'HBA 12345' }],
  })

export const inseminatorBodySchema = z
  .object({
    first_name: required('El nombre del inseminador'),
    last_name: z
      .string()
      .trim()
      .max(NAME_MAX, `El apellido del inseminador no puede superar los ${NAME_MAX} caracteres`)
      .optional()
      .transform((value) => value ?? ''),
  })
  .meta({ id: 'InseminatorBody', examples: [{ first_name: 'Nombre', last_name: 'De Ejemplo' }] })

export const riderBodySchema = z
  .object({
    key: required('La clave del recorredor', 20),
    description: required('La descripción del recorredor', 100),
  })
  .meta({ id: 'RiderBody', examples: [{ key: 'R-EJ', description: 'Recorredor de ejemplo' }] })

export const originBodySchema = z
  .object({ description: required('El origen', 80) })
  .meta({ id: 'OriginBody', examples: [{ description: 'Origen de ejemplo' }] })

export const ownerBodySchema = z
  .object({ name: required('El nombre del propietario', 80) })
  .meta({ id: 'OwnerBody', examples: [{ name: 'Propietario de ejemplo' }] })

/** Rodeos keep decision 029's body (`name`) and messages. */
export const rodeoBodySchema = createRodeoSchema

export const FRAMEWORK_BODY_SCHEMAS = {
  rodeos: rodeoBodySchema,
  bulls: bullBodySchema,
  inseminators: inseminatorBodySchema,
  riders: riderBodySchema,
  origins: originBodySchema,
  owners: ownerBodySchema,
} as const
export type FrameworkBodies = { [K in FrameworkKind]: z.input<(typeof FRAMEWORK_BODY_SCHEMAS)[K]> }
export type FrameworkBody<K extends FrameworkKind> = z.output<(typeof FRAMEWORK_BODY_SCHEMAS)[K]>

/** What every item carries besides its own fields. */
const common = {
  id: z.number().int(),
  /** Archived: hidden from pickers and filters, still named in history. */
  archived: z.boolean(),
  /** Rows referencing it (animals and events): an item in use is archived, not deleted. */
  uses: z.number().int(),
}

export const frameworkItemSchemas = {
  rodeos: rodeoSchema.extend(common).meta({ id: 'FrameworkRodeo' }),
  bulls: z
    .object({
      ...common,
      alias: z.string(),
      breed_id: z.number().int().nullable(),
      breed: z.string().nullable(),
      registration: z.string().nullable(),
    })
    .meta({ id: 'Bull' }),
  inseminators: z
    .object({ ...common, first_name: z.string(), last_name: z.string() })
    .meta({ id: 'Inseminator' }),
  riders: z.object({ ...common, key: z.string(), description: z.string() }).meta({ id: 'Rider' }),
  origins: z.object({ ...common, description: z.string() }).meta({ id: 'Origin' }),
  owners: z.object({ ...common, name: z.string() }).meta({ id: 'Owner' }),
} as const
export type FrameworkItems = { [K in FrameworkKind]: z.infer<(typeof frameworkItemSchemas)[K]> }
export type FrameworkItem<K extends FrameworkKind = FrameworkKind> = FrameworkItems[K]

/** The text a person reads for an item (the table, the messages). */
export function frameworkItemName<K extends FrameworkKind>(
  kind: K,
  item: FrameworkBody<K> | FrameworkItem<K>,
) {
  const row = item as Record<string, unknown>
  switch (kind) {
    case 'rodeos':
    case 'owners':
      return String(row.name)
    case 'bulls':
      return String(row.alias)
    case 'inseminators':
      return `${row.first_name} ${row.last_name ?? ''}`.trim()
    case 'riders':
      return String(row.key)
    default:
      return String(row.description)
  }
}

/** `?include_archived=true`: the list also shows the archived items (the 'Mostrar archivados' toggle). */
export const frameworkListQuerySchema = z.object({
  include_archived: z
    .enum(['true', 'false'], { error: 'include_archived debe ser true o false' })
    .optional()
    .transform((value) => value === 'true'),
})

export const FRAMEWORK_MESSAGES = {
  duplicate: (kind: FrameworkKind, name: string, archived: boolean) => {
    const base =
      kind === 'rodeos'
        ? RODEO_MESSAGES.duplicate(name)
        : kind === 'riders'
          ? `Ya existe un recorredor con la clave «${name}» en este establecimiento`
          : `Ya existe un ${FRAMEWORK_NOUNS[kind].one} llamado «${name}» en este establecimiento`
    return archived ? `${base} (archivado: restáurelo en lugar de crear otro)` : base
  },
  notAdmin: (kind: FrameworkKind) =>
    `Solo un administrador del establecimiento puede modificar los ${FRAMEWORK_NOUNS[kind].many}`,
  notFound: (kind: FrameworkKind) => `El ${FRAMEWORK_NOUNS[kind].one} no existe en este establecimiento`,
  inUse: (kind: FrameworkKind, name: string, uses: number) =>
    `No se puede eliminar el ${FRAMEWORK_NOUNS[kind].one} «${name}»: lo ${uses === 1 ? 'usa 1 registro' : `usan ${uses} registros`}. Archívelo para ocultarlo sin perder la historia`,
  rodeoHasAnimals: (name: string, animals: number) =>
    `El rodeo «${name}» tiene ${animals === 1 ? '1 animal' : `${animals} animales`}: muévalos a otro rodeo antes de archivarlo`,
  badBreed: 'La raza no existe',
  success: {
    create: (kind: FrameworkKind) => `${FRAMEWORK_NOUNS[kind].One} creado con éxito`,
    update: (kind: FrameworkKind) => `${FRAMEWORK_NOUNS[kind].One} modificado con éxito`,
    archive: (kind: FrameworkKind) => `${FRAMEWORK_NOUNS[kind].One} archivado con éxito`,
    restore: (kind: FrameworkKind) => `${FRAMEWORK_NOUNS[kind].One} restaurado con éxito`,
    delete: (kind: FrameworkKind) => `${FRAMEWORK_NOUNS[kind].One} eliminado con éxito`,
  },
  error: {
    list: (kind: FrameworkKind) => `No se pudo obtener la lista de ${FRAMEWORK_NOUNS[kind].many}`,
    create: (kind: FrameworkKind) => `Error al crear el ${FRAMEWORK_NOUNS[kind].one}`,
    update: (kind: FrameworkKind) => `Error al modificar el ${FRAMEWORK_NOUNS[kind].one}`,
    archive: (kind: FrameworkKind) => `Error al archivar el ${FRAMEWORK_NOUNS[kind].one}`,
    restore: (kind: FrameworkKind) => `Error al restaurar el ${FRAMEWORK_NOUNS[kind].one}`,
    delete: (kind: FrameworkKind) => `Error al eliminar el ${FRAMEWORK_NOUNS[kind].one}`,
  },
} as const

export const frameworkMessageSchema = z.object({ message: z.string() }).meta({ id: 'FrameworkMessage' })
