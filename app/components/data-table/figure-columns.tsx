import { styled } from 'styled-system/jsx'
import { exportDate, formatDate, formatNumber } from '~/lib/format'
import type { DataTableColumn } from './data-table.types'

/**
 * Columns of the boards' figure tables (FigureTable): a number shown es-AR and exported as a number,
 * a day shown dd/mm/yyyy and exported as a date cell, a name that opens something. One definition,
 * so every board shows a missing figure as '—' and exports the same cells.
 */

/** A figure es-AR with `decimals`, '—' when there is none. */
export const figure = (value: number | null | undefined, decimals = 0) =>
  value === null || value === undefined ? '—' : formatNumber(value, decimals)

export function numberColumn<TRow>(
  id: string,
  header: string,
  value: (row: TRow) => number | null,
  decimals = 0,
): DataTableColumn<TRow> {
  return { id, header, cell: (row) => figure(value(row), decimals), exportValue: value, align: 'end' }
}

/** A yyyy-mm-dd day; `cell` replaces how it shows (e.g. 'Alcanzado'). */
export function dateColumn<TRow>(
  id: string,
  header: string,
  value: (row: TRow) => string | null,
  cell?: (row: TRow) => string,
): DataTableColumn<TRow> {
  return {
    id,
    header,
    cell: cell ?? ((row) => (value(row) ? formatDate(value(row)) : '—')),
    exportValue: (row) => exportDate(value(row)),
  }
}

/** A name shown as a button that opens the row (a pen's animals, an animal's curve). */
export function openColumn<TRow>(
  id: string,
  header: string,
  text: (row: TRow) => string,
  open: (row: TRow) => void,
  label?: (row: TRow) => string,
): DataTableColumn<TRow> {
  return {
    id,
    header,
    cell: (row) => (
      <styled.button
        type="button"
        onClick={() => open(row)}
        color="colorPalette.text"
        textDecoration="underline"
        cursor="pointer"
        fontWeight="medium"
        aria-label={label?.(row)}
      >
        {text(row)}
      </styled.button>
    ),
    exportValue: text,
  }
}
