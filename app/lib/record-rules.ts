/**
 * Bounds shared by every record (spec section 5), used by the forms, the API and the spreadsheet uploads.
 * Dates are farm wall-clock text ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss') in the farm's time zone, the
 * way the database stores `timestamp` columns (see app/db/type-parsers.ts).
 */
import { DATABASE_TIME_ZONE } from '~/db/type-parsers'

export const MIN_RECORD_DATE = '1900-01-01'
/** Sessions may be planned ahead, up to this date. */
export const MAX_SESSION_DATE = '2050-01-01'
/** A weighing sent without a date is recorded at this moment (spec section 5). */
export const DEFAULT_WEIGHING_READ_AT = '2025-01-01 00:00:00'
/** Plausible live weight of a bovine, in kg (a newborn calf to a heavy bull). */
export const WEIGHT_RANGE = { min: 10, max: 1500 } as const
/** Plausible birth weight, in kg. */
export const BIRTH_WEIGHT_RANGE = { min: 5, max: 90 } as const

let farmDay: Intl.DateTimeFormat | undefined

/** Today's date on the farm, 'YYYY-MM-DD' (the server may run in UTC; the farm is in Argentina). */
export function farmToday(now: Date = new Date()) {
  // One formatter for the page: building one costs about as much as a chute scan's lookup and
  // render together, and the record forms ask for today on every render and validation.
  farmDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: DATABASE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return farmDay.format(now)
}

/** A real calendar day, 'YYYY-MM-DD…' (rejects 2026-02-30 and month 13). */
export function isCalendarDate(value: string) {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number)
  if (!y || !m || !d) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** A record date is allowed from 1900-01-01 to today on the farm (compares the date part). */
export function isAllowedRecordDate(value: string, now: Date = new Date()) {
  const day = value.slice(0, 10)
  return day >= MIN_RECORD_DATE && day <= farmToday(now)
}

/** A session date is allowed from 1900-01-01 to 2050-01-01. */
export function isAllowedSessionDate(value: string) {
  const day = value.slice(0, 10)
  return day >= MIN_RECORD_DATE && day <= MAX_SESSION_DATE
}
