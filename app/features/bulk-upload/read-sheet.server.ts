/**
 * Turns the bytes of an .xlsx into the rows of a template: the first sheet only, the header row
 * matched to the template's columns, every cell reduced to a plain value. It runs inside the parsing
 * worker (sheet-worker.server.ts), never on the server's event loop.
 *
 * Cells are read as stored: SheetJS never evaluates formulas, and `cellFormula: false` does not even
 * keep their text, so a formula contributes only the value the spreadsheet program saved with it.
 */
import type * as XLSXModule from 'xlsx'
import { BULK_MESSAGES, type RowProblem } from './bulk-upload.schema'
import {
  type BulkKind,
  type ColumnDef,
  isEventKind,
  MAX_ROWS,
  normalizeHeader,
  TEMPLATES,
} from './bulk-upload.templates'
import { hasZipMagic } from './zip-guard.server'

/**
 * A cell's value: text (trimmed, never empty), a number, a date from a date-formatted cell as
 * wall-clock 'YYYY-MM-DD HH:mm:ss', a boolean, or a spreadsheet error ('#N/A'...). Blank is null.
 */
export type Cell =
  | { t: 's'; v: string }
  | { t: 'n'; v: number }
  | { t: 'd'; v: string }
  | { t: 'b'; v: boolean }
  | { t: 'e'; v: string }
  | null

export interface SheetRow {
  /** The row number as the spreadsheet shows it. */
  row: number
  /** One cell per template column, in the template's order (null when blank or absent). */
  cells: Cell[]
}

export type SheetReadResult =
  /** `headers`: per template column, its header as the file writes it (the template's when absent). */
  | { ok: true; headerRow: number; headers: string[]; rows: SheetRow[] }
  | { ok: false; error: string; problems: RowProblem[] }

type XLSX = typeof XLSXModule
type RawCell = XLSXModule.CellObject

/** Rows read past the data rows' cap, so a title or blank rows above the header do not count. */
const LEADING_ROWS_ALLOWANCE = 50

export function readSheet(xlsx: XLSX, bytes: Uint8Array, kind: BulkKind): SheetReadResult {
  const template = TEMPLATES[kind]
  // SheetJS would read any bytes as some format (text as CSV): only an inspected zip gets here.
  if (!hasZipMagic(bytes)) return { ok: false, error: BULK_MESSAGES.notXlsx, problems: [] }
  let workbook: XLSXModule.WorkBook
  try {
    workbook = xlsx.read(bytes, {
      type: 'array',
      sheets: 0,
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: true,
      cellDates: false,
      sheetRows: MAX_ROWS + LEADING_ROWS_ALLOWANCE + 1,
    })
  } catch {
    return { ok: false, error: 'No se pudo leer la planilla: el archivo está dañado.', problems: [] }
  }
  const sheetName = workbook.SheetNames[0]
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined
  const data = sheet?.['!data']
  if (!sheet || !data) return { ok: false, error: 'La planilla no tiene hojas', problems: [] }
  if (sheet['!fullref']) {
    return {
      ok: false,
      error: `La planilla tiene más de ${MAX_ROWS.toLocaleString('es-AR')} filas: divídala en varios archivos.`,
      problems: [],
    }
  }

  const headerIndex = data.findIndex((cells) => cells?.some((cell) => toCell(xlsx, cell) !== null))
  const headerCells = headerIndex >= 0 ? data[headerIndex] : undefined
  if (!headerCells) return { ok: false, error: 'La planilla está vacía', problems: [] }
  const headerRow = headerIndex + 1

  const matched = matchHeaders(xlsx, headerCells, template.columns, kind, headerRow)
  if (matched.problems.length > 0) {
    return {
      ok: false,
      error: 'Los encabezados de la planilla no corresponden a la planilla de ejemplo',
      problems: matched.problems,
    }
  }

  const rows: SheetRow[] = []
  for (let index = headerIndex + 1; index < data.length; index++) {
    const raw = data[index]
    if (!raw) continue
    const cells = matched.sources.map((source) => (source === undefined ? null : toCell(xlsx, raw[source])))
    if (cells.every((cell) => cell === null)) continue
    rows.push({ row: index + 1, cells })
  }
  if (rows.length > MAX_ROWS) {
    return {
      ok: false,
      error: `La planilla tiene ${rows.length.toLocaleString('es-AR')} filas: el máximo es ${MAX_ROWS.toLocaleString('es-AR')}. Divídala en varios archivos.`,
      problems: [],
    }
  }
  return { ok: true, headerRow, headers: matched.headers, rows }
}

/** For each template column, the sheet column it comes from (undefined when the sheet lacks it). */
function matchHeaders(
  xlsx: XLSX,
  headerCells: (RawCell | undefined)[],
  columns: readonly ColumnDef[],
  kind: BulkKind,
  headerRow: number,
) {
  const byName = new Map<string, number>()
  columns.forEach((column, i) => {
    for (const name of [column.header, ...(column.aliases ?? [])]) byName.set(normalizeHeader(name), i)
  })
  const sources: (number | undefined)[] = columns.map(() => undefined)
  const headers = columns.map((c) => c.header)
  const problems: RowProblem[] = []
  const valid = columns.map((c) => c.header).join(', ')
  headerCells.forEach((raw, sheetColumn) => {
    const cell = toCell(xlsx, raw)
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
  if (isEventKind(kind)) {
    const tagColumns = columns.flatMap((c, i) =>
      c.key === 'visualTag' || c.key === 'electronicTag' ? [i] : [],
    )
    if (tagColumns.every((i) => sources[i] === undefined)) {
      problems.push({ row: headerRow, column: 'IDV', message: 'Falta la columna IDV o la columna IDE' })
    }
  }
  return { sources, headers, problems }
}

function pad(value: number, length = 2) {
  return String(value).padStart(length, '0')
}

function toCell(xlsx: XLSX, raw: RawCell | undefined): Cell {
  if (!raw) return null
  switch (raw.t) {
    case 's': {
      const text = String(raw.v ?? '').trim()
      return text === '' ? null : { t: 's', v: text }
    }
    case 'n': {
      const value = Number(raw.v)
      if (!Number.isFinite(value)) return null
      if (raw.z !== undefined && xlsx.SSF.is_date(raw.z)) {
        // parse_date_code works on the serial itself: no time zone is involved.
        const parts = xlsx.SSF.parse_date_code(value)
        if (parts) {
          return {
            t: 'd',
            v: `${pad(parts.y, 4)}-${pad(parts.m)}-${pad(parts.d)} ${pad(parts.H)}:${pad(parts.M)}:${pad(parts.S)}`,
          }
        }
      }
      return { t: 'n', v: value }
    }
    case 'b':
      return { t: 'b', v: Boolean(raw.v) }
    case 'e':
      return { t: 'e', v: typeof raw.w === 'string' ? raw.w : '#ERROR' }
    case 'd': {
      // Only files that store ISO dates in cells get here; their wall-clock reading is the UTC one.
      const date = raw.v instanceof Date ? raw.v : new Date(String(raw.v))
      if (Number.isNaN(date.getTime())) return null
      return {
        t: 'd',
        v: `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`,
      }
    }
    default:
      return null
  }
}
