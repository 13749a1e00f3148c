/**
 * The main thread's half of reading an upload: the grid the worker read (read-sheet.server.ts) is
 * matched to a template. The first row with a value is the header row; headers are matched to the
 * template's columns ignoring case, accents and spacing; every later row with a value becomes one
 * template row, its cells in the template's column order.
 */
import type { RowProblem } from './bulk-upload.schema'
import {
  type BulkKind,
  MAX_ROWS,
  namesAnimalByTag,
  normalizeHeader,
  TEMPLATES,
} from './bulk-upload.templates'
import type { Cell, GridRow } from './read-sheet.server'

export interface SheetRow {
  /** The row number as the spreadsheet shows it. */
  row: number
  /** One cell per template column, in the template's order (null when blank or absent). */
  cells: Cell[]
}

export type TemplateRowsResult =
  /** `headers`: per template column, its header as the file writes it (the template's when absent). */
  | { ok: true; headerRow: number; headers: string[]; rows: SheetRow[] }
  | { ok: false; error: string; problems: RowProblem[] }

export function toTemplateRows(grid: readonly GridRow[], kind: BulkKind): TemplateRowsResult {
  const [headerLine, ...lines] = grid
  if (!headerLine) return { ok: false, error: 'La planilla está vacía', problems: [] }
  const matched = matchHeaders(headerLine, kind)
  if (matched.problems.length > 0) {
    return {
      ok: false,
      error: 'Los encabezados de la planilla no corresponden a la planilla de ejemplo',
      problems: matched.problems,
    }
  }
  const rows: SheetRow[] = []
  for (const line of lines) {
    const cells = matched.sources.map((source) =>
      source === undefined ? null : (line.cells[source] ?? null),
    )
    // A value only in a column the template lacks cannot happen: unknown headers were refused.
    if (cells.some((cell) => cell !== null)) rows.push({ row: line.row, cells })
  }
  if (rows.length > MAX_ROWS) {
    return {
      ok: false,
      error: `La planilla tiene ${rows.length.toLocaleString('es-AR')} filas: el máximo es ${MAX_ROWS.toLocaleString('es-AR')}. Divídala en varios archivos.`,
      problems: [],
    }
  }
  return { ok: true, headerRow: headerLine.row, headers: matched.headers, rows }
}

/** For each template column, the sheet column it comes from (undefined when the sheet lacks it). */
function matchHeaders(headerLine: GridRow, kind: BulkKind) {
  const { columns } = TEMPLATES[kind]
  const headerRow = headerLine.row
  const byName = new Map<string, number>()
  columns.forEach((column, i) => {
    for (const name of [column.header, ...(column.aliases ?? [])]) byName.set(normalizeHeader(name), i)
  })
  const sources: (number | undefined)[] = columns.map(() => undefined)
  const headers = columns.map((c) => c.header)
  const problems: RowProblem[] = []
  const valid = columns.map((c) => c.header).join(', ')
  headerLine.cells.forEach((cell, sheetColumn) => {
    if (cell === null) return
    const text = String(cell.v)
    const index = byName.get(normalizeHeader(text))
    if (index === undefined) {
      problems.push({
        row: headerRow,
        column: text,
        message: `Columna desconocida. Las columnas de esta planilla son: ${valid}`,
      })
      return
    }
    if (sources[index] !== undefined) {
      problems.push({ row: headerRow, column: text, message: 'Columna repetida' })
      return
    }
    sources[index] = sheetColumn
    headers[index] = text
  })
  columns.forEach((column, i) => {
    if (column.requiredMessage && sources[i] === undefined) {
      problems.push({ row: headerRow, column: column.header, message: `Falta la columna ${column.header}` })
    }
  })
  if (namesAnimalByTag(kind)) {
    const tagColumns = columns.flatMap((c, i) =>
      c.key === 'visualTag' || c.key === 'electronicTag' ? [i] : [],
    )
    if (tagColumns.every((i) => sources[i] === undefined)) {
      problems.push({ row: headerRow, column: 'IDV', message: 'Falta la columna IDV o la columna IDE' })
    }
  }
  return { sources, headers, problems }
}
