/**
 * The browser's side of an upload: the file goes to the local endpoint /api/bulk-upload/{kind} with
 * XMLHttpRequest, the one browser API that reports upload progress. The endpoint forwards it to the
 * provider with the session's token (bulk-upload.forward.server.ts); the browser never holds it.
 */
import { z } from 'zod'
import {
  BULK_MESSAGES,
  bulkUploadErrorSchema,
  bulkUploadResultSchema,
  type RowProblem,
} from './bulk-upload.schema'
import { type BulkKind, isEventKind, uploadSegment } from './bulk-upload.templates'

export interface BulkUploadRequest {
  kind: BulkKind
  file: File
  establishmentId: number
  /** The chosen session; none is sent as an empty value, as the spec does (the server asks for one). */
  sessionId?: number | null
}

export type BulkUploadOutcome =
  | { ok: true; created: number }
  | { ok: false; error: string; rows: RowProblem[]; omitted: number }

/** Sends a file; `onProgress` gets the fraction of the body sent (0 to 1). */
export type BulkSender = (
  request: BulkUploadRequest,
  onProgress: (fraction: number) => void,
) => Promise<BulkUploadOutcome>

const looseError = z.object({ error: z.string() })

/** The outcome of the endpoint's answer: its data, its `{ error, rows }`, or the spec's fallback. */
export function outcomeOf(status: number, body: string): BulkUploadOutcome {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { ok: false, error: BULK_MESSAGES.unexpected, rows: [], omitted: 0 }
  }
  if (status >= 200 && status < 300) {
    const success = bulkUploadResultSchema.safeParse(json)
    if (success.success) return { ok: true, created: success.data.data.created }
  }
  const failure = bulkUploadErrorSchema.safeParse(json)
  if (failure.success) {
    return {
      ok: false,
      error: failure.data.error,
      rows: failure.data.rows,
      omitted: failure.data.omitted ?? 0,
    }
  }
  const plain = looseError.safeParse(json)
  return {
    ok: false,
    error: plain.success ? plain.data.error : BULK_MESSAGES.unexpected,
    rows: [],
    omitted: 0,
  }
}

export const sendBulkFile: BulkSender = (request, onProgress) =>
  new Promise((resolve) => {
    const form = new FormData()
    form.set('file', request.file)
    form.set('establishmentId', String(request.establishmentId))
    if (isEventKind(request.kind))
      form.set('cattle_handling_id', request.sessionId ? String(request.sessionId) : '')
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api/bulk-upload/${uploadSegment(request.kind)}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => resolve(outcomeOf(xhr.status, xhr.responseText))
    xhr.onerror = () => resolve({ ok: false, error: BULK_MESSAGES.unexpected, rows: [], omitted: 0 })
    xhr.send(form)
  })
