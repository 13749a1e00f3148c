import { describe, expect, it } from 'vitest'
import { exportFileName } from './export'

describe('export file name (spec: the data type label plus "-insights", xlsx)', () => {
  it('writes every table’s label the same plain way', () => {
    expect(exportFileName('animales')).toBe('animales-insights.xlsx')
    expect(exportFileName('Inseminaciones')).toBe('inseminaciones-insights.xlsx')
    expect(exportFileName('Preservicios')).toBe('preservicios-insights.xlsx')
    expect(exportFileName('Pesadas')).toBe('pesadas-insights.xlsx')
    // The pregnancy checks' tab: no accent, no dot, no space.
    expect(exportFileName('Diag. Gestación')).toBe('diag-gestacion-insights.xlsx')
  })
})
