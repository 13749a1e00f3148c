import { z } from 'zod'
import { establishmentIdSchema } from '~/features/establishments/establishment.schema'
import { riderRecordEstablishment } from '~/features/riders/rider-facts.server'
import {
  birthRowSchema,
  bodyConditionRowSchema,
  createBirthSchema,
  createBodyConditionSchema,
  createDeathSchema,
  createNoteSchema,
  createTreatmentsSchema,
  deathRowSchema,
  deleteBirthQuerySchema,
  listAnswer,
  noteRowSchema,
  RIDER_MESSAGES,
  type RiderRecordKind,
  riderListQuerySchema,
  treatmentRowSchema,
  updateBirthSchema,
  updateBodyConditionSchema,
  updateDeathSchema,
  updateNoteSchema,
  updateTreatmentSchema,
  writeAnswer,
} from '~/features/riders/riders.schema'
import { dbIdParam } from '~/lib/db-id'
import { errorResponses } from '../lib/errors'
import { establishmentRoute, resourceRoute } from '../lib/guard'

/**
 * Not given by the spec (section 7): designed for Recorredores (issue 21, decision 036). Each kind
 * has the same four operations — list and create under `/v2/establishments/{id}/{segment}`, edit and
 * delete under `/v2/{segment}/{id}` — made here once, like the framework's per-kind routes.
 */
const establishmentParams = z.object({
  id: establishmentIdSchema.meta({ param: { name: 'id', in: 'path' } }),
})

interface KindSpec<
  Row extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Created extends z.ZodType,
  DeleteQuery extends z.ZodObject | undefined,
> {
  kind: RiderRecordKind
  /** The URL segment. */
  segment: string
  tag: string
  /** The list's answer description. */
  plural: string
  /** The schemas' ids in OpenAPI: `${name}List`, `${name}Created`, `${name}Updated`. */
  name: string
  row: Row
  create: Create
  update: Update
  /** What a create answers (a row; treatments answer one row per animal) and its id. */
  created: Created
  createdName?: string
  createSummary: string
  /** An offline outbox may resend the create (decision 040): the guard answers a repeat once. */
  idempotent?: boolean
  /** The delete's query and its 409 (a birth that created a calf asks what becomes of it). */
  deleteQuery?: DeleteQuery
  deleteConflict?: string
}

function riderRecordRoutes<
  Row extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Created extends z.ZodType,
  DeleteQuery extends z.ZodObject | undefined = undefined,
>(spec: KindSpec<Row, Create, Update, Created, DeleteQuery>) {
  const notFound = RIDER_MESSAGES.notFound[spec.kind]
  const recordParams = z.object({
    id: dbIdParam(notFound).meta({ param: { name: 'id', in: 'path' } }),
  })
  const guardRecord = {
    in: 'param' as const,
    resource: (c: { var: { db: Parameters<typeof riderRecordEstablishment>[0] } }, { id }: { id: number }) =>
      riderRecordEstablishment(c.var.db, spec.kind, id),
    notFound,
  }
  const collection = `/v2/establishments/{id}/${spec.segment}`
  const record = `/v2/${spec.segment}/{id}`
  const tags = [spec.tag]
  const list = establishmentRoute(
    {
      method: 'get',
      path: collection,
      tags,
      summary: 'Lista paginada, la más reciente primero; filtros: recorredor, rodeo, rango de fechas',
      request: { params: establishmentParams, query: riderListQuerySchema },
      responses: {
        200: {
          description: spec.plural,
          content: { 'application/json': { schema: listAnswer(spec.row, `${spec.name}List`) } },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    },
    { in: 'param', establishment: 'id' },
  )
  const create = establishmentRoute(
    {
      method: 'post',
      path: collection,
      tags,
      summary: spec.createSummary,
      request: {
        params: establishmentParams,
        body: { content: { 'application/json': { schema: spec.create } }, required: true },
      },
      responses: {
        201: {
          description: 'Registrado',
          content: {
            'application/json': {
              schema: writeAnswer(spec.created, spec.createdName ?? `${spec.name}Created`),
            },
          },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        403: errorResponses[403],
      },
    },
    { in: 'param', establishment: 'id', ...(spec.idempotent && { idempotent: true }) },
  )
  const update = resourceRoute(
    {
      method: 'patch',
      path: record,
      tags,
      summary: 'Modifica el registro (solo los campos enviados)',
      request: {
        params: recordParams,
        body: { content: { 'application/json': { schema: spec.update } }, required: true },
      },
      responses: {
        200: {
          description: 'Modificado',
          content: { 'application/json': { schema: writeAnswer(spec.row, `${spec.name}Updated`) } },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        404: errorResponses[404],
      },
    },
    guardRecord,
  )
  const remove = resourceRoute(
    {
      method: 'delete',
      path: record,
      tags,
      summary: 'Elimina el registro',
      request: { params: recordParams, query: spec.deleteQuery as DeleteQuery },
      responses: {
        200: {
          description: 'Eliminado',
          content: { 'application/json': { schema: z.object({ message: z.string() }) } },
        },
        400: errorResponses[400],
        401: errorResponses[401],
        404: errorResponses[404],
        ...(spec.deleteConflict && {
          409: { description: spec.deleteConflict, content: errorResponses[400].content },
        }),
      },
    },
    guardRecord,
  )
  return { list, create, update, remove }
}

export const birthRoutes = riderRecordRoutes({
  kind: 'births',
  segment: 'births',
  tag: 'Partos',
  plural: 'Partos',
  name: 'Birth',
  row: birthRowSchema,
  create: createBirthSchema,
  update: updateBirthSchema,
  created: birthRowSchema,
  createSummary:
    'Registra un parto y crea el ternero con su madre, en el rodeo de la madre (sin caravana: pendiente de caravana)',
  deleteQuery: deleteBirthQuerySchema,
  deleteConflict:
    'El parto creó un ternero: indique calf=keep o calf=delete (o el ternero tiene registros propios)',
  // The offline outbox sends it with an Idempotency-Key (decision 040).
  idempotent: true,
})

export const deathRoutes = riderRecordRoutes({
  kind: 'deaths',
  segment: 'deaths',
  tag: 'Muertes',
  plural: 'Muertes',
  name: 'Death',
  row: deathRowSchema,
  create: createDeathSchema,
  update: updateDeathSchema,
  created: deathRowSchema,
  createSummary: 'Registra la muerte de un animal: sale del rodeo (baja por Muerte) y conserva su historia',
})

export const treatmentRoutes = riderRecordRoutes({
  kind: 'treatments',
  segment: 'treatments',
  tag: 'Tratamientos',
  plural: 'Tratamientos',
  name: 'Treatment',
  row: treatmentRowSchema,
  create: createTreatmentsSchema,
  update: updateTreatmentSchema,
  created: z.array(treatmentRowSchema),
  createdName: 'TreatmentsCreated',
  createSummary:
    'Registra un tratamiento para uno o varios animales; cada uno recibe una alerta hasta el fin del retiro',
  // The offline outbox sends it with an Idempotency-Key (decision 040).
  idempotent: true,
})

export const bodyConditionRoutes = riderRecordRoutes({
  kind: 'body-conditions',
  segment: 'rider-body-conditions',
  tag: 'Condición corporal',
  plural: 'Condición corporal',
  name: 'RiderBodyCondition',
  row: bodyConditionRowSchema,
  create: createBodyConditionSchema,
  update: updateBodyConditionSchema,
  created: bodyConditionRowSchema,
  createSummary: 'Registra la condición corporal de un animal según la escala del recorredor',
})

export const noteRoutes = riderRecordRoutes({
  kind: 'notes',
  segment: 'rider-notes',
  tag: 'Notas',
  plural: 'Notas',
  name: 'RiderNote',
  row: noteRowSchema,
  create: createNoteSchema,
  update: updateNoteSchema,
  created: noteRowSchema,
  createSummary: 'Registra una nota sobre un animal tomada fuera de una sesión de manga',
})
