import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import {
  BULK_MESSAGES,
  bulkUploadErrorSchema,
  bulkUploadResultSchema,
} from '~/features/bulk-upload/bulk-upload.schema'
import {
  ANIMALS_UPLOAD_PATH,
  MAX_PROBLEMS,
  MAX_ROWS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_REQUEST_BYTES,
  type RecordUploadKind,
  RIDER_UPLOAD_PATH,
  TEMPLATES,
} from '~/features/bulk-upload/bulk-upload.templates'
import { EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import { dbIdParam } from '~/lib/db-id'
import { bodyLimit } from '../lib/body-limit'
import { establishmentRoute } from '../lib/guard'
import type { ApiEnv } from '../lib/types'

/**
 * Every refusal of an upload, a membership check's included, answers `{ error, rows, omitted }`
 * (spec section 7 reads `error`; the panel lists `rows`): the app's `onError` reads this mark.
 */
export const answersRowProblems = createMiddleware<ApiEnv>(async (c, next) => {
  c.set('rowProblems', true)
  await next()
})

/** Refuses a body over the cap while it arrives, before anything is buffered or parsed. */
export const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_REQUEST_BYTES,
  onError: (c) =>
    c.json(
      { error: `${BULK_MESSAGES.tooLarge} (máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`, rows: [] },
      413,
    ),
})

export const fileField = z.file({ error: BULK_MESSAGES.fileRequired }).openapi({
  type: 'string',
  format: 'binary',
  description: 'La planilla (.xlsx); se lee solo la primera hoja',
})

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: bulkUploadErrorSchema } },
})

const responses = {
  201: {
    description: 'Se guardaron todas las filas (una transacción)',
    content: { 'application/json': { schema: bulkUploadResultSchema } },
  },
  400: error(
    `Archivo o datos inválidos; \`rows\` lista los problemas por fila y columna (hasta ${MAX_PROBLEMS}, \`omitted\` cuenta el resto) y no se guardó ninguna fila`,
  ),
  401: error('Sin sesión o token inválido'),
  403: error('No es administrador del establecimiento (ni superadministrador)'),
  404: error('La sesión no existe en el establecimiento'),
  409: error('Otro usuario registró un animal con el mismo IDV o IDE durante la carga'),
  413: error(`El pedido supera ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
  503: error('Demasiadas planillas en proceso; reintentar en unos segundos'),
} as const

const rulesText = `Solo administradores del establecimiento y superadministradores. Archivo .xlsx de hasta ${
  MAX_UPLOAD_BYTES / 1024 / 1024
} MB y ${MAX_ROWS.toLocaleString('es-AR')} filas; todas las filas se guardan en una transacción, o ninguna.`

function eventRoute(kind: EventKind, tag: string) {
  const template = TEMPLATES[kind]
  return establishmentRoute(
    {
      method: 'post',
      path: EVENT_KIND_INFO[kind].uploadPath,
      tags: [tag],
      summary: `Carga masiva de ${template.noun} desde una planilla (${template.fileName})`,
      description: `${rulesText} Columnas: ${template.columns.map((c) => c.header).join(', ')}.`,
      middleware: [answersRowProblems, uploadLimit] as const,
      request: {
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: z.object({
                file: fileField,
                establishmentId: dbIdParam('Establecimiento inválido'),
                cattle_handling_id: z
                  .string()
                  .optional()
                  .describe(
                    `La sesión (de tipo ${template.work}). Vacía o ausente: 400 "${BULK_MESSAGES.selectSession}"`,
                  ),
              }),
            },
          },
        },
      },
      responses,
    },
    { in: 'form', establishment: 'establishmentId', admin: BULK_MESSAGES.notAdmin },
  )
}

export const preservicesUploadRoute = eventRoute('preservice', 'Preservicios')
export const inseminationsUploadRoute = eventRoute('artificial-insemination', 'Inseminaciones')
export const pregnancyChecksUploadRoute = eventRoute('pregnancy-check', 'Diagnósticos de gestación')
export const weighingsUploadRoute = eventRoute('weighing', 'Pesadas')

/**
 * An upload that names its establishment in the path (animals, and the riders' births and
 * treatments): no session, the guard reads the path's establishment.
 */
function recordUploadRoute(kind: RecordUploadKind, path: string, tag: string, summary: string) {
  const template = TEMPLATES[kind]
  return establishmentRoute(
    {
      method: 'post',
      path,
      tags: [tag],
      summary: `${summary} desde una planilla (${template.fileName})`,
      description: `${rulesText} Columnas: ${template.columns.map((c) => c.header).join(', ')}.`,
      middleware: [answersRowProblems, uploadLimit] as const,
      request: {
        params: z.object({
          establishmentId: dbIdParam('Establecimiento inválido').meta({
            param: { name: 'establishmentId', in: 'path' },
          }),
        }),
        body: {
          required: true,
          content: { 'multipart/form-data': { schema: z.object({ file: fileField }) } },
        },
      },
      responses,
    },
    { in: 'param', establishment: 'establishmentId', admin: BULK_MESSAGES.notAdmin },
  )
}

export const animalsUploadRoute = recordUploadRoute(
  'animals',
  ANIMALS_UPLOAD_PATH('{establishmentId}'),
  'Animales',
  'Alta masiva de animales',
)
/** Births (decision 036): each calving with a calf tag creates its calf, as the single create does. */
export const birthsUploadRoute = recordUploadRoute(
  'births',
  RIDER_UPLOAD_PATH('births', '{establishmentId}'),
  'Partos',
  'Carga masiva de partos (cada uno con su ternero, o pendiente de caravana)',
)
/** Treatments (decision 036): each row one animal's treatment, with its withdrawal alert. */
export const treatmentsUploadRoute = recordUploadRoute(
  'treatments',
  RIDER_UPLOAD_PATH('treatments', '{establishmentId}'),
  'Tratamientos',
  'Carga masiva de tratamientos (cada animal con su alerta hasta el fin del retiro)',
)
