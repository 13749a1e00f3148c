/**
 * The worker's half of reading an upload: SheetJS turns the bytes of an .xlsx into a grid of plain
 * cells, the first sheet only. It runs inside the parsing worker (sheet-worker.server.ts), never on
 * the server's event loop, and imports nothing of the app but types, so the production build gives
 * the worker a small chunk of its own. Matching the grid to a template happens in template-rows.ts.
 *
 * Cells are read as stored: SheetJS never evaluates formulas, and `cellFormula: false` does not even
 * keep their text, so a formula contributes only the value the spreadsheet program saved with it.
 */
import type * as XLSXModule from 'xlsx'

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

/** A row with at least one value: its number as the spreadsheet shows it, its cells by column. */
export interface GridRow {
  row: number
  cells: Cell[]
}

export type GridReadResult =
  | { ok: true; rows: GridRow[] }
  /** `tooManyRows`: the sheet goes on past `maxSheetRows`. */
  | { ok: false; reason: 'notXlsx' | 'unreadable' | 'noSheet' | 'tooManyRows' }

/** Excel's error values by the code SheetJS stores (without `cellText` there is no text). */
const ERROR_CODES: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
}

type XLSX = typeof XLSXModule
type RawCell = XLSXModule.CellObject

export function readGrid(xlsx: XLSX, bytes: Uint8Array, maxSheetRows: number): GridReadResult {
  // SheetJS reads any bytes as some format (text as CSV): only a zip, inspected before, gets parsed.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return { ok: false, reason: 'notXlsx' }
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
      sheetRows: maxSheetRows,
    })
  } catch {
    return { ok: false, reason: 'unreadable' }
  }
  const sheetName = workbook.SheetNames[0]
  const sheet = sheetName ? workbook.Sheets[sheetName] : undefined
  const data = sheet?.['!data']
  if (!sheet || !data) return { ok: false, reason: 'noSheet' }
  // Set when the sheet was cut at maxSheetRows.
  if (sheet['!fullref']) return { ok: false, reason: 'tooManyRows' }
  const rows: GridRow[] = []
  data.forEach((raw, index) => {
    if (!raw) return
    const cells = Array.from(raw, (cell) => toCell(xlsx, cell))
    if (cells.some((cell) => cell !== null)) rows.push({ row: index + 1, cells })
  })
  return { ok: true, rows }
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
      return { t: 'e', v: typeof raw.w === 'string' ? raw.w : (ERROR_CODES[Number(raw.v)] ?? '#ERROR') }
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
