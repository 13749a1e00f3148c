import { describe, expect, it } from 'vitest'
import { farmToday, isAllowedRecordDate, isAllowedSessionDate } from './record-rules'

describe('record rules', () => {
  it("uses the farm's calendar day, not the server's", () => {
    // 02:00 UTC on the 2nd is still 23:00 on the 1st in Buenos Aires.
    expect(farmToday(new Date('2026-03-02T02:00:00Z'))).toBe('2026-03-01')
  })
  it('allows record dates from 1900-01-01 to today only', () => {
    const now = new Date('2026-03-02T02:00:00Z')
    expect(isAllowedRecordDate('2026-03-01 22:00:00', now)).toBe(true)
    expect(isAllowedRecordDate('2026-03-02', now)).toBe(false)
    expect(isAllowedRecordDate('1900-01-01', now)).toBe(true)
    expect(isAllowedRecordDate('1899-12-31', now)).toBe(false)
  })
  it('allows session dates up to 2050-01-01', () => {
    expect(isAllowedSessionDate('2050-01-01')).toBe(true)
    expect(isAllowedSessionDate('2050-01-02')).toBe(false)
  })
})
