import { z } from 'zod'

/**
 * Managing establishments (issue 19 part A, decision 032): create, rename, the cattle-handling
 * dashboard's address, archive and unarchive. Superadministradores only; the establishment's own
 * page ('Configuración del establecimiento') shows the same details read-only to its members.
 */

export const ESTABLISHMENT_NAME_MAX = 100

export const ESTABLISHMENT_ADMIN_MESSAGES = {
  nameRequired: 'El nombre del establecimiento es obligatorio',
  nameTooLong: `El nombre del establecimiento no puede superar los ${ESTABLISHMENT_NAME_MAX} caracteres`,
  duplicate: (name: string) => `Ya existe un establecimiento llamado «${name}»`,
  urlInvalid: 'La URL del tablero de manga debe ser una dirección https:// válida',
  notSuperadmin: 'Solo un superadministrador puede gestionar establecimientos',
  notFound: 'Establecimiento no encontrado',
  nothingToChange: 'Indique el nombre o la URL del tablero a modificar',
  created: 'Establecimiento creado con éxito',
  updated: 'Establecimiento modificado con éxito',
  archived: 'Establecimiento archivado con éxito',
  unarchived: 'Establecimiento restaurado con éxito',
  alreadyArchived: 'El establecimiento ya está archivado',
  notArchived: 'El establecimiento no está archivado',
  saveError: 'Error al guardar el establecimiento',
  listError: 'No se pudo obtener la lista de establecimientos',
} as const

const M = ESTABLISHMENT_ADMIN_MESSAGES

export const establishmentNameSchema = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .max(ESTABLISHMENT_NAME_MAX, M.nameTooLong)

/** The cattle-handling dashboard's address: https only (it opens inside the app); blank clears it. */
export const dashboardUrlSchema = z
  .string({ error: M.urlInvalid })
  .trim()
  .max(2000, M.urlInvalid)
  .transform((value) => (value === '' ? null : value))
  .refine((value) => value === null || isHttpsUrl(value), M.urlInvalid)
  .nullable()

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}

/** POST /v2/establishments, and the creation form's values. */
export const createEstablishmentSchema = z
  .object({ name: establishmentNameSchema, url_dashboard_cattle_handling: dashboardUrlSchema.optional() })
  .meta({
    id: 'CreateEstablishment',
    examples: [
      { name: 'Estancia de ejemplo', url_dashboard_cattle_handling: 'https://tableros.example.com/manga' },
    ],
  })
export type CreateEstablishmentValues = z.input<typeof createEstablishmentSchema>

/** PATCH /v2/establishments/{id}: the fields to change, at least one. */
export const updateEstablishmentSchema = z
  .object({
    name: establishmentNameSchema.optional(),
    url_dashboard_cattle_handling: dashboardUrlSchema.optional(),
  })
  .refine(
    (value) => value.name !== undefined || value.url_dashboard_cattle_handling !== undefined,
    M.nothingToChange,
  )
  .meta({ id: 'UpdateEstablishment', examples: [{ name: 'Estancia renombrada' }] })
export type UpdateEstablishmentValues = z.input<typeof updateEstablishmentSchema>

/** An establishment as its configuration shows it. */
export const establishmentDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    url_dashboard_cattle_handling: z.string().nullable(),
    archived: z.boolean(),
    /** Members (administradores and usuarios) with an active account. */
    members: z.number().int(),
    administrators: z.number().int(),
  })
  .meta({ id: 'EstablishmentDetail' })
export type EstablishmentDetail = z.infer<typeof establishmentDetailSchema>

export const establishmentDetailAnswerSchema = z
  .object({ data: establishmentDetailSchema })
  .meta({ id: 'EstablishmentDetailAnswer' })
export const establishmentDetailListSchema = z
  .object({ data: z.array(establishmentDetailSchema) })
  .meta({ id: 'EstablishmentDetailList' })
export const establishmentSavedSchema = z
  .object({ message: z.string(), data: establishmentDetailSchema })
  .meta({ id: 'EstablishmentSaved' })
