import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { formatNumber } from '~/lib/format'

/**
 * The data of every chart (decision 034): long rows `{ x, series, y }`. The same rows give the
 * chart, its table view (one row per x, one column per series) and its xlsx export, so what a screen
 * reader hears and what a spreadsheet holds are what the chart draws.
 */
export interface ChartPoint {
  x: string
  series: string
  y: number | null
  /** What the point is (e.g. an animal's tag), named in its tooltip; scatter charts only. */
  label?: string
}

export type ChartCell = string | number | null
export type ChartRow = Record<string, ChartCell>

export interface ChartTable {
  columns: DataTableColumn<ChartRow>[]
  rows: ChartRow[]
}

/** x values in first-seen order, series in first-seen order (or `order`'s, when given). */
export function domains(points: readonly ChartPoint[], order?: readonly string[]) {
  const xs: string[] = []
  const series: string[] = order ? [...order] : []
  const seenX = new Set<string>()
  const seenS = new Set<string>(series)
  for (const p of points) {
    if (!seenX.has(p.x)) {
      seenX.add(p.x)
      xs.push(p.x)
    }
    if (!seenS.has(p.series)) {
      seenS.add(p.series)
      series.push(p.series)
    }
  }
  return { xs, series }
}

function column(id: string, header: string, decimals: number, numeric: boolean): DataTableColumn<ChartRow> {
  return {
    id,
    header,
    cell: (row) => {
      const value = row[id]
      if (value === null || value === undefined) return '—'
      return typeof value === 'number' && numeric ? formatNumber(value, decimals) : String(value)
    },
    exportValue: (row) => row[id] ?? null,
    align: numeric ? 'end' : 'start',
  }
}

/** The chart's rows pivoted: one row per x, one column per series (a single series is named by yLabel). */
export function pivotTable(
  points: readonly ChartPoint[],
  xLabel: string,
  yLabel: string,
  decimals = 0,
): ChartTable {
  const { xs, series } = domains(points)
  const single = series.length === 1
  const byKey = new Map(points.map((p) => [`${p.x}\u0000${p.series}`, p.y]))
  const columns = [
    column('x', xLabel, 0, false),
    ...series.map((s, i) => column(`s${i}`, single ? yLabel : s, decimals, true)),
  ]
  const rows = xs.map((x) => {
    const row: ChartRow = { x }
    series.forEach((s, i) => {
      row[`s${i}`] = byKey.get(`${x}\u0000${s}`) ?? null
    })
    return row
  })
  return { columns, rows }
}

/** A table from named columns (e.g. a rate with its numerator and denominator). */
export function recordTable(
  headers: readonly { id: string; header: string; decimals?: number; numeric?: boolean }[],
  rows: ChartRow[],
): ChartTable {
  return {
    columns: headers.map((h) => column(h.id, h.header, h.decimals ?? 0, h.numeric ?? true)),
    rows,
  }
}

/** Colours with ≥ 3:1 contrast on white (WCAG non-text contrast), distinguishable in print. */
export const SERIES_COLORS = [
  '#1f6f43',
  '#b35c00',
  '#2456a6',
  '#a3324a',
  '#6b4fa0',
  '#4d6b00',
  '#00717a',
  '#7a5c00',
]

/** Nice y ticks: 0 … max in about `count` steps. */
export function niceMax(max: number) {
  if (max <= 0) return 1
  const magnitude = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 2.5, 5, 10]) if (max <= step * magnitude) return step * magnitude
  return 10 * magnitude
}

/**
 * An x label broken into at most `maxLines` lines of about `maxChars` characters, on word
 * boundaries. A word longer than a line, or text left over after the last line, ends in '…'.
 * Session names share their first words ('Diagnóstico IATF Vacas 2025', 'Diagnóstico IATF
 * Vaquillonas 2026'), so cutting them to one line made two bars read the same; wrapped, the words
 * that tell them apart stay on the axis (the table view always has the whole name).
 */
export function wrapLabel(text: string, maxChars: number, maxLines: number): string[] {
  const width = Math.max(3, Math.floor(maxChars))
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (candidate.length <= width) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    line = word
  }
  if (line) lines.push(line)
  const fit = (l: string) => (l.length > width ? `${l.slice(0, width - 1)}…` : l)
  const kept = lines.slice(0, maxLines).map(fit)
  const last = kept[kept.length - 1]
  if (lines.length > maxLines && last !== undefined && !last.endsWith('…')) {
    kept[kept.length - 1] = last.length < width ? `${last}…` : `${last.slice(0, width - 1)}…`
  }
  return kept
}
