import { z } from 'zod'
import { MAX_PROBLEMS } from './bulk-upload.templates'

/** One problem of an uploaded file: the spreadsheet row as Excel numbers it, the column's header. */
export const rowProblemSchema = z
  .object({
    row: z
      .number()
      .int()
      .describe('Fila de la planilla, como la numera Excel (el encabezado suele ser la 1)'),
    column: z.string().describe('Encabezado de la columna'),
    message: z.string(),
  })
  .meta({ id: 'BulkUploadRowProblem' })
export type RowProblem = z.infer<typeof rowProblemSchema>

/** Every 4xx of a bulk upload: a summary, and the problems by row and column (empty when none apply). */
export const bulkUploadErrorSchema = z
  .object({
    error: z.string(),
    rows: z.array(rowProblemSchema).max(MAX_PROBLEMS),
    /** Problems found beyond the ones listed. */
    omitted: z.number().int().optional(),
  })
  .meta({ id: 'BulkUploadError' })
export type BulkUploadError = z.infer<typeof bulkUploadErrorSchema>

export const bulkUploadResultSchema = z
  .object({
    message: z.string(),
    data: z.object({
      /** Records written (one per data row). */
      created: z.number().int(),
      /** Their ids, in the order of the file's rows (numbers for events, uuids for animals). */
      ids: z.array(z.union([z.number().int(), z.string()])),
      /** The session the events were recorded in (absent for animals). */
      cattle_handling_id: z.number().int().optional(),
    }),
  })
  .meta({ id: 'BulkUploadResult' })
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>

/** The spec's toasts and the answers' summaries (spec sections 5 and 8). */
export const BULK_MESSAGES = {
  noFileTitle: 'Archivo no seleccionado',
  noFileDescription: 'Por favor, selecciona un archivo primero.',
  successTitle: 'Archivo cargado con éxito',
  successDescription: 'El archivo se ha cargado correctamente.',
  errorTitle: 'Error al cargar el archivo',
  unexpected: 'Ocurrió un error inesperado',
  selectSession: 'Seleccione una sesión',
  fileRequired: 'Seleccione un archivo',
  notAdmin: 'Solo un administrador del establecimiento puede hacer cargas masivas',
  tooLarge: 'El archivo es demasiado grande',
  notXlsx:
    'El archivo no es una planilla de Excel (.xlsx). Guárdelo desde Excel o LibreOffice como "Libro de Excel (.xlsx)" y vuelva a enviarlo.',
  unreadable: 'No se pudo leer la planilla: el archivo está dañado o no es un Excel (.xlsx) válido.',
  zipBomb:
    'El archivo declara un contenido demasiado grande para una planilla: no se procesó. Envíe una planilla de Excel común.',
  busy: 'El servidor está procesando otras planillas: intente de nuevo en unos segundos.',
  sessionNotFound: 'La sesión no existe en este establecimiento',
  emptyFile: 'La planilla no tiene filas con datos',
} as const

/** The summary of a file with problems: nothing of it was written. */
export function problemsSummary(total: number, listed: number) {
  const base =
    total === 1
      ? 'La planilla tiene 1 error: no se guardó ninguna fila.'
      : `La planilla tiene ${total.toLocaleString('es-AR')} errores: no se guardó ninguna fila.`
  return listed < total ? `${base} Se muestran los primeros ${listed}.` : base
}
