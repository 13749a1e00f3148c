/**
 * Dates of the generated data as whole days (days since 1970-01-01), so that the generator does
 * plain integer arithmetic and formats only when writing. Farm dates are wall-clock values
 * (`timestamp` columns); instants (`timestamptz`) are written with Argentina's fixed offset.
 */
import { DATABASE_TIME_ZONE } from '../type-parsers'

const MS_PER_DAY = 86_400_000

/**
 * The last day of the demo data. A constant, not the clock, so every run writes the same rows; it
 * lies in the past, and `referenceDay()` moves it back only if the machine's clock says today is
 * earlier, because no record may be in the future (spec section 9).
 */
export const DEMO_REFERENCE_DATE = '2026-11-01'

export function dayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number)
  return Math.floor(Date.UTC(y as number, (m as number) - 1, d as number) / MS_PER_DAY)
}

export function dayOfYmd(year: number, month: number, day: number) {
  return Math.floor(Date.UTC(year, month - 1, day) / MS_PER_DAY)
}

export function yearOf(day: number) {
  return new Date(day * MS_PER_DAY).getUTCFullYear()
}

export function monthOf(day: number) {
  return new Date(day * MS_PER_DAY).getUTCMonth() + 1
}

/** Today in the farm's time zone. */
export function todayDay(now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DATABASE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
  return dayOf(parts)
}

/** The demo's reference day: DEMO_REFERENCE_DATE, or yesterday if the clock is behind it. */
export function referenceDay(now = new Date()) {
  return Math.min(dayOf(DEMO_REFERENCE_DATE), todayDay(now) - 1)
}

const isoCache = new Map<number, string>()

/** 'YYYY-MM-DD'. */
export function isoDay(day: number): string {
  let text = isoCache.get(day)
  if (text === undefined) {
    text = new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
    isoCache.set(day, text)
  }
  return text
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

function clock(secondsOfDay: number) {
  const s = Math.max(0, Math.min(86_399, Math.floor(secondsOfDay)))
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}`
}

/** A wall-clock `timestamp`: 'YYYY-MM-DD HH:mm:ss'. */
export function localDateTime(day: number, secondsOfDay = 0) {
  return `${isoDay(day)} ${clock(secondsOfDay)}`
}

/** A `timestamptz` literal. Argentina keeps UTC−3 all year (no daylight saving since 2009). */
export function instant(day: number, secondsOfDay = 12 * 3600) {
  return `${isoDay(day)} ${clock(secondsOfDay)}-03`
}
