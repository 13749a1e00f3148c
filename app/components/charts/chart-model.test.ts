import { describe, expect, it } from 'vitest'
import { niceMax, pivotTable, wrapLabel } from './chart-model'

describe('chart model', () => {
  it('pivots long rows into one row per x and one column per series, gaps as null', () => {
    const table = pivotTable(
      [
        { x: '2025-01', series: 'Norte', y: 0.5 },
        { x: '2025-01', series: 'Sur', y: 0.7 },
        { x: '2025-02', series: 'Sur', y: 0.9 },
      ],
      'Mes',
      'GDPV',
      2,
    )
    expect(table.columns.map((c) => c.header)).toEqual(['Mes', 'Norte', 'Sur'])
    expect(table.rows).toEqual([
      { x: '2025-01', s0: 0.5, s1: 0.7 },
      { x: '2025-02', s0: null, s1: 0.9 },
    ])
    // es-AR: decimal comma, and a gap reads as a dash.
    expect(table.columns[1]?.cell(table.rows[0] as never)).toBe('0,50')
    expect(table.columns[1]?.cell(table.rows[1] as never)).toBe('—')
  })

  it('names a single series by the y label', () => {
    expect(pivotTable([{ x: 'Vaca', series: 'x', y: 3 }], 'Categoría', 'Cabezas').columns[1]?.header).toBe(
      'Cabezas',
    )
  })

  it('rounds the axis maximum up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(13), niceMax(240), niceMax(460)]).toEqual([1, 10, 20, 250, 500])
  })
})

describe('wrapLabel', () => {
  it('keeps apart session names that share their first words', () => {
    expect(wrapLabel('Diagnóstico IATF Vaquillonas 2026', 16, 3)).toEqual([
      'Diagnóstico IATF',
      'Vaquillonas 2026',
    ])
    expect(wrapLabel('Diagnóstico IATF Vacas 2025', 16, 3)).toEqual(['Diagnóstico IATF', 'Vacas 2025'])
  })

  it('cuts a word longer than a line and ends the last line in … when words are left', () => {
    expect(wrapLabel('Diagnóstico IATF Vaquillonas 2026', 8, 2)).toEqual(['Diagnós…', 'IATF…'])
    expect(wrapLabel('Tacto final 2025/26', 10, 1)).toEqual(['Tacto…'])
    expect(wrapLabel('Rodeo General', 20, 3)).toEqual(['Rodeo General'])
    expect(wrapLabel('', 10, 2)).toEqual([])
  })
})
