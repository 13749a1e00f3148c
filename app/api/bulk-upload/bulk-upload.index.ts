import type { Context } from 'hono'
import type { ZodError } from 'zod'
import { BULK_MESSAGES, type BulkUploadResult } from '~/features/bulk-upload/bulk-upload.schema'
import {
  BulkUploadFailure,
  findSession,
  readUpload,
  writeAnimalUpload,
  writeEventUpload,
} from '~/features/bulk-upload/bulk-upload.server'
import { type EventKind, TEMPLATES } from '~/features/bulk-upload/bulk-upload.templates'
import { isDbIdText } from '~/lib/db-id'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import type { ApiEnv } from '../lib/types'
import {
  animalsUploadRoute,
  inseminationsUploadRoute,
  pregnancyChecksUploadRoute,
  preservicesUploadRoute,
  weighingsUploadRoute,
} from './bulk-upload.routes'

/** Masivo is for the establishment's admins and superadmins (spec section 6); members get 403. */
async function requireAdmin(c: Context<ApiEnv>, establishmentId: number) {
  const membership = await requireMembership(c, establishmentId)
  if (!membership.is_admin) throw new BulkUploadFailure(403, BULK_MESSAGES.notAdmin)
}

/**
 * The spec sends the session id even when none was chosen (section 5): an empty, 'null' or
 * 'undefined' value asks the user to choose one rather than guessing a session.
 */
function sessionIdOf(raw: string | undefined) {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'null' || value === 'undefined') {
    throw new BulkUploadFailure(400, BULK_MESSAGES.selectSession)
  }
  if (!isDbIdText(value)) throw new BulkUploadFailure(400, 'Sesión inválida')
  return Number(value)
}

type Status = BulkUploadFailure['status'] | 401

/** Every refusal of an upload answers `{ error, rows }` (spec section 7 reads `error`). */
async function answer(c: Context<ApiEnv>, run: () => Promise<BulkUploadResult['data']>) {
  try {
    const data = await run()
    return c.json({ message: BULK_MESSAGES.successTitle, data }, 201)
  } catch (error) {
    if (error instanceof BulkUploadFailure) {
      return c.json({ error: error.message, rows: error.rows, omitted: error.omitted }, error.status)
    }
    if (error instanceof ApiError && isUploadStatus(error.status)) {
      return c.json({ error: error.message, rows: [] }, error.status)
    }
    throw error
  }
}

function isUploadStatus(status: number): status is Status {
  return [400, 401, 403, 404, 409, 413, 503].includes(status)
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
  return async (
    c: Context<ApiEnv>,
    form: { file: File; establishmentId: number; cattle_handling_id?: string },
  ) =>
    answer(c, async () => {
      await requireAdmin(c, form.establishmentId)
      const sessionId = sessionIdOf(form.cattle_handling_id)
      // Checked again, locked, inside the write's transaction; here it spares reading a file for nothing.
      if (work !== undefined) await findSession(c.var.db, form.establishmentId, sessionId, work)
      const upload = await readUpload(form.file, kind)
      return writeEventUpload(c.var.db, {
        kind,
        establishmentId: form.establishmentId,
        sessionId,
        userId: c.var.user.id,
        fileName: form.file.name,
        upload,
      })
    })
}

const uploadPreservices = eventHandler('preservices')
const uploadInseminations = eventHandler('artificial-inseminations')
const uploadPregnancyChecks = eventHandler('pregnancy-checks')
const uploadWeighings = eventHandler('weighings')

export const bulkUploadRouter = createRouter()
  .openapi(preservicesUploadRoute, (c) => uploadPreservices(c, c.req.valid('form')), hook)
  .openapi(inseminationsUploadRoute, (c) => uploadInseminations(c, c.req.valid('form')), hook)
  .openapi(pregnancyChecksUploadRoute, (c) => uploadPregnancyChecks(c, c.req.valid('form')), hook)
  .openapi(weighingsUploadRoute, (c) => uploadWeighings(c, c.req.valid('form')), hook)
  .openapi(
    animalsUploadRoute,
    (c) => {
      const { establishmentId } = c.req.valid('param')
      const { file } = c.req.valid('form')
      return answer(c, async () => {
        await requireAdmin(c, establishmentId)
        const upload = await readUpload(file, 'animals')
        return writeAnimalUpload(c.var.db, {
          establishmentId,
          userId: c.var.user.id,
          fileName: file.name,
          upload,
        })
      })
    },
    hook,
  )
