import { BULK_MESSAGES, bulkUploadErrorSchema } from '~/features/bulk-upload/bulk-upload.schema'
import type { RowProblem } from '~/lib/domain-errors'

/** The outcome of a feed-efficiency import as the page shows it: a message, or the rows to fix. */
export type ImportOutcome =
  | { ok: true; message: string }
  | { ok: false; error: string; rows: RowProblem[]; omitted: number }

/** Reads the provider's answer to an import (its `{ error, rows }` refusal kept whole). */
export async function importOutcome(response: Response): Promise<ImportOutcome> {
  let json: unknown
  try {
    json = await response.json()
  } catch {
    return { ok: false, error: BULK_MESSAGES.unexpected, rows: [], omitted: 0 }
  }
  if (response.ok) {
    const message = (json as { message?: unknown }).message
    return { ok: true, message: typeof message === 'string' ? message : BULK_MESSAGES.successTitle }
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
  const error = (json as { error?: unknown }).error
  return {
    ok: false,
    error: typeof error === 'string' ? error : BULK_MESSAGES.unexpected,
    rows: [],
    omitted: 0,
  }
}

/** The form a page posts: the file and the establishment. */
export function readImportForm(data: unknown) {
  if (!(data instanceof FormData)) throw new Error('Solicitud inválida')
  const file = data.get('file')
  const establishmentId = Number(data.get('establishmentId'))
  if (!(file instanceof File) || file.size === 0) throw new Error(BULK_MESSAGES.fileRequired)
  if (!Number.isInteger(establishmentId) || establishmentId <= 0) throw new Error('Establecimiento inválido')
  return { file, establishmentId }
}
