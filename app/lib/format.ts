import { isCalendarDate } from './record-rules'

const numberFormats = new Map<number, Intl.NumberFormat>()

/** Numbers as Argentina writes them (1.234,5). */
export function formatNumber(value: number | null | undefined, decimals = 0) {
  if (value === null || value === undefined) return ''
  let formatter = numberFormats.get(decimals)
  if (!formatter) {
    formatter = new Intl.NumberFormat('es-AR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    numberFormats.set(decimals, formatter)
  }
  return formatter.format(value)
}

/**
 * A wall-clock 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') from the API as 'dd/MM/yyyy'; '' when it is
 * no calendar day. Rearranged as text: every list page formats dates, and a date library with its
 * Spanish locale (11 KB gzip) is not needed for digits (decision 026).
 */
export function formatDate(value: string | null | undefined) {
  const parts = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null
  if (!parts || !isCalendarDate(parts[0])) return ''
  return `${parts[3]}/${parts[2]}/${parts[1]}`
}

/**
 * A wall-clock 'YYYY-MM-DD…' from the API as a spreadsheet date: local midnight of that day, so a
 * workbook writer turns it into the day's serial number whatever the time zone (issue 16: exports
 * wrote dates as text). Null when absent or malformed.
 */
export function exportDate(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isNaN(date.getTime()) ? null : date
}

/** The format of exported date cells: the day as Argentina writes it. */
export const EXPORT_DATE_FORMAT = 'dd/mm/yyyy'

/** An age in days, the way a farm says it: '2 a 3 m', '5 m', '12 d'. */
export function formatAge(days: number | null | undefined) {
  if (days === null || days === undefined || days < 0) return ''
  if (days < 31) return `${days} d`
  const months = Math.floor(days / 30.4375)
  const years = Math.floor(months / 12)
  const rest = months % 12
  if (years === 0) return `${months} m`
  return rest ? `${years} a ${rest} m` : `${years} a`
}
