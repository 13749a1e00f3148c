import { EXPORT_DATE_FORMAT } from '~/lib/format'
import type { DataTableColumn } from './data-table.types'

/** Spec section 9: the export's only sheet. */
export const EXPORT_SHEET_NAME = 'Datos'
/** Spec section 9: the file is created this long after the click. */
export const EXPORT_DELAY_MS = 1000

/**
 * Spec sections 2 and 9: the data type label plus '-insights', extension xlsx. Every table's file is
 * named by its label written plainly — lower case, no accents, a hyphen for spaces and dots — so a
 * label such as a tab's 'Diag. Gestación' gives 'diag-gestacion-insights.xlsx' and 'animales' gives
 * 'animales-insights.xlsx' (file names travel through mail and systems that mangle accents).
 */
export function exportFileName(label: string): string {
  const plain = label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${plain}-insights.xlsx`
}

/** The sheet's rows: the columns' headers, then one row per record of their `exportValue`s. */
export function exportMatrix<TRow>(
  columns: DataTableColumn<TRow>[],
  rows: TRow[],
): (string | number | Date | null)[][] {
  return [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((c) => c.exportValue(row))),
  ]
}

/**
 * Builds the workbook (one sheet, 'Datos') as xlsx bytes. SheetJS is imported here, on demand, so
 * that it stays out of the page bundle.
 */
export async function buildWorkbook<TRow>(
  columns: DataTableColumn<TRow>[],
  rows: TRow[],
): Promise<ArrayBuffer> {
  const XLSX = await import('xlsx')
  // Dates become real date cells (a serial number with the es-AR day format), not text.
  const sheet = XLSX.utils.aoa_to_sheet(exportMatrix(columns, rows), { dateNF: EXPORT_DATE_FORMAT })
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, EXPORT_SHEET_NAME)
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer
}

/** Hands bytes to the browser as a download through a temporary object URL. */
export function downloadFile(data: ArrayBuffer | Blob, fileName: string, type: string): void {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
