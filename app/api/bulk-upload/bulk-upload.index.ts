import type { Context } from 'hono'
import type { ZodError } from 'zod'
import { BULK_MESSAGES, type BulkUploadResult } from '~/features/bulk-upload/bulk-upload.schema'
import {
  findSession,
  readUpload,
  writeAnimalUpload,
  writeEventUpload,
} from '~/features/bulk-upload/bulk-upload.server'
import { type RecordUploadKind, TEMPLATES } from '~/features/bulk-upload/bulk-upload.templates'
import { writeBirthUpload, writeTreatmentUpload } from '~/features/bulk-upload/rider-uploads.server'
import type { EventKind } from '~/features/events/event-kinds'
import { isDbIdText } from '~/lib/db-id'
import { invalid } from '~/lib/domain-errors'
import { createRouter } from '../lib/create-router'
import type { ApiEnv, EstablishmentEnv } from '../lib/types'
import {
  animalsUploadRoute,
  birthsUploadRoute,
  inseminationsUploadRoute,
  pregnancyChecksUploadRoute,
  preservicesUploadRoute,
  treatmentsUploadRoute,
  weighingsUploadRoute,
} from './bulk-upload.routes'

/**
 * The spec sends the session id even when none was chosen (section 5): an empty, 'null' or
 * 'undefined' value asks the user to choose one rather than guessing a session.
 */
function sessionIdOf(raw: string | undefined) {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'null' || value === 'undefined') throw invalid(BULK_MESSAGES.selectSession)
  if (!isDbIdText(value)) throw invalid('Sesión inválida', 'cattle_handling_id')
  return Number(value)
}

/**
 * A stored upload. Its refusals answer `{ error, rows, omitted }` through the app's `onError`: the
 * upload routes say so (`answersRowProblems`, bulk-upload.routes.ts), and their guard checked the
 * caller is an admin of the establishment (Masivo: spec section 6).
 */
function created(c: Context<EstablishmentEnv>, data: BulkUploadResult['data']) {
  return c.json({ message: BULK_MESSAGES.successTitle, data }, 201)
}

/** Validation failures of the multipart body keep the upload's error shape. */
const hook = (result: { success: true } | { success: false; error: ZodError }, c: Context<ApiEnv>) => {
  if (!result.success) {
    const issue = result.error.issues[0]
    return c.json({ error: issue?.message ?? 'Datos inválidos', rows: [] }, 400)
  }
}

function eventHandler(kind: EventKind) {
  const work = TEMPLATES[kind].work
  return async (c: Context<EstablishmentEnv>, form: { file: File; cattle_handling_id?: string }) => {
    const { establishmentId } = c.var
    const sessionId = sessionIdOf(form.cattle_handling_id)
    // Checked again, locked, inside the write's transaction; here it spares reading a file for nothing.
    if (work !== undefined) await findSession(c.var.db, establishmentId, sessionId, work)
    const upload = await readUpload(form.file, kind)
    const data = await writeEventUpload(c.var.db, {
      kind,
      establishmentId,
      sessionId,
      userId: c.var.user.id,
      fileName: form.file.name,
      upload,
    })
    return created(c, data)
  }
}

const uploadPreservices = eventHandler('preservice')
const uploadInseminations = eventHandler('artificial-insemination')
const uploadPregnancyChecks = eventHandler('pregnancy-check')
const uploadWeighings = eventHandler('weighing')

const RECORD_WRITES = {
  animals: writeAnimalUpload,
  births: writeBirthUpload,
  treatments: writeTreatmentUpload,
} as const satisfies Record<RecordUploadKind, unknown>

/** An upload into the path's establishment (no session). */
function recordHandler(kind: RecordUploadKind) {
  return async (c: Context<EstablishmentEnv>, form: { file: File }) => {
    const upload = await readUpload(form.file, kind)
    const data = await RECORD_WRITES[kind](c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      fileName: form.file.name,
      upload,
    })
    return created(c, data)
  }
}

const uploadAnimals = recordHandler('animals')
const uploadBirths = recordHandler('births')
const uploadTreatments = recordHandler('treatments')

export const bulkUploadRouter = createRouter()
  .openapi(preservicesUploadRoute, (c) => uploadPreservices(c, c.req.valid('form')), hook)
  .openapi(inseminationsUploadRoute, (c) => uploadInseminations(c, c.req.valid('form')), hook)
  .openapi(pregnancyChecksUploadRoute, (c) => uploadPregnancyChecks(c, c.req.valid('form')), hook)
  .openapi(weighingsUploadRoute, (c) => uploadWeighings(c, c.req.valid('form')), hook)
  .openapi(animalsUploadRoute, (c) => uploadAnimals(c, c.req.valid('form')), hook)
  .openapi(birthsUploadRoute, (c) => uploadBirths(c, c.req.valid('form')), hook)
  .openapi(treatmentsUploadRoute, (c) => uploadTreatments(c, c.req.valid('form')), hook)
