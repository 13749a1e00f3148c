/**
 * Sheets that are not Masivo templates but go through the same machinery (decision 039): the same
 * size and zip checks, the same worker, header matching that ignores case and accents, and the same
 * `{ error, rows }` refusal listing row/column problems. A feature gives its columns and reads the
 * cells itself; nothing is written unless every row is right (the caller's one transaction).
 */
import { DomainError, invalid } from '~/lib/domain-errors'
import { BULK_MESSAGES, problemsSummary, type RowProblem } from './bulk-upload.schema'
import { MAX_PROBLEMS, MAX_UPLOAD_BYTES, normalizeHeader } from './bulk-upload.templates'
import type { Cell } from './read-sheet.server'
import { parseGrid, SheetParserBusyError } from './sheet-parser.server'
import { inspectZip } from './zip-guard.server'

export interface PlainColumn<K extends string> {
  key: K
  header: string
  aliases?: readonly string[]
  required: boolean
}

export interface PlainRow<K extends string> {
  row: number
  cells: Record<K, Exclude<Cell, null> | undefined>
}

/** Throws the upload's refusal: the problems sorted by row, the first MAX_PROBLEMS listed. */
export function refuseRows(problems: RowProblem[]): never {
  const sorted = [...problems].sort((a, b) => a.row - b.row)
  const listed = sorted.slice(0, MAX_PROBLEMS)
  throw new DomainError('invalid', problemsSummary(sorted.length, listed.length), {
    rows: listed,
    omitted: sorted.length - listed.length,
  })
}

export async function readPlainSheet<K extends string>(
  file: Blob,
  columns: readonly PlainColumn<K>[],
  maxRows: number,
): Promise<{ rows: PlainRow<K>[]; headers: Record<K, string> }> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new DomainError(
      'too-large',
      `${BULK_MESSAGES.tooLarge} (máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`,
    )
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const zip = inspectZip(bytes)
  if (!zip.ok) {
    if (zip.reason === 'tooLarge') throw invalid(BULK_MESSAGES.zipBomb)
    if (zip.reason === 'corrupt') throw invalid(BULK_MESSAGES.unreadable)
    throw invalid(BULK_MESSAGES.notXlsx)
  }
  let grid: Awaited<ReturnType<typeof parseGrid>>
  try {
    // Room for a title or notes above the header.
    grid = await parseGrid(bytes, maxRows + 51)
  } catch (error) {
    if (error instanceof SheetParserBusyError) throw new DomainError('unavailable', error.message)
    throw error
  }
  if (!grid.ok) throw invalid(grid.error)
  const [header, ...lines] = grid.rows
  if (!header) throw invalid('La planilla está vacía')
  const byName = new Map<string, number>()
  columns.forEach((column, i) => {
    for (const name of [column.header, ...(column.aliases ?? [])]) byName.set(normalizeHeader(name), i)
  })
  const sources: (number | undefined)[] = columns.map(() => undefined)
  // Problems name a column as the file writes it ('RFID'), as the Masivo uploads do.
  const headers = Object.fromEntries(columns.map((c) => [c.key, c.header])) as Record<K, string>
  const problems: RowProblem[] = []
  header.cells.forEach((cell, at) => {
    if (cell === null) return
    const index = byName.get(normalizeHeader(String(cell.v)))
    // Feeders add columns of their own (pen, visit count…): those are ignored, not refused.
    if (index === undefined) return
    if (sources[index] !== undefined)
      problems.push({ row: header.row, column: String(cell.v), message: 'Columna repetida' })
    else {
      sources[index] = at
      headers[(columns[index] as PlainColumn<K>).key] = String(cell.v)
    }
  })
  columns.forEach((column, i) => {
    if (column.required && sources[i] === undefined) {
      problems.push({ row: header.row, column: column.header, message: `Falta la columna ${column.header}` })
    }
  })
  if (problems.length > 0) refuseRows(problems)
  const rows: PlainRow<K>[] = []
  for (const line of lines) {
    const cells = {} as Record<K, Exclude<Cell, null> | undefined>
    let any = false
    columns.forEach((column, i) => {
      const source = sources[i]
      const cell = source === undefined ? null : (line.cells[source] ?? null)
      if (cell !== null) any = true
      cells[column.key] = cell ?? undefined
    })
    if (any) rows.push({ row: line.row, cells })
  }
  if (rows.length === 0) throw invalid(BULK_MESSAGES.emptyFile)
  if (rows.length > maxRows) {
    throw invalid(
      `La planilla tiene ${rows.length.toLocaleString('es-AR')} filas: el máximo es ${maxRows.toLocaleString('es-AR')}. Divídala en varios archivos.`,
    )
  }
  return { rows, headers }
}
