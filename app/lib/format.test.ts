import { describe, expect, it } from 'vitest'
import { formatAge, formatDate, formatNumber } from './format'
import { isCalendarDate } from './record-rules'

describe('formatting for Argentine users', () => {
  it('writes numbers with a decimal comma', () => {
    expect(formatNumber(1234.5, 1)).toBe('1.234,5')
    expect(formatNumber(0.8333, 3)).toBe('0,833')
    expect(formatNumber(null)).toBe('')
  })
  it('writes wall-clock dates as dd/MM/yyyy', () => {
    expect(formatDate('2025-03-09 08:00:00')).toBe('09/03/2025')
    expect(formatDate('2025-12-31')).toBe('31/12/2025')
    expect(formatDate(null)).toBe('')
    expect(formatDate('2025-02-30')).toBe('')
    expect(formatDate('no es fecha')).toBe('')
  })
  it('writes ages in days, months and years', () => {
    expect(formatAge(12)).toBe('12 d')
    expect(formatAge(160)).toBe('5 m')
    expect(formatAge(365 * 2 + 95)).toBe('2 a 3 m')
    expect(formatAge(731)).toBe('2 a')
    expect(formatAge(null)).toBe('')
  })
})

describe('formatDate agrees with isCalendarDate on every day it is asked about', () => {
  it('over four centuries of month ends, leap days and impossible days', () => {
    for (const year of [100, 1899, 1900, 1999, 2000, 2023, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (const day of [0, 1, 28, 29, 30, 31, 32]) {
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          expect(formatDate(text) !== '', text).toBe(isCalendarDate(text))
        }
      }
    }
    expect(formatDate('0099-01-01')).toBe('')
    expect(formatDate('2024-02-29 07:00:00')).toBe('29/02/2024')
    expect(formatDate('2025-02-29')).toBe('')
  })
})
