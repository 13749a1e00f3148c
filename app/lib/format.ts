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
  if (!parts || !isDayOf(Number(parts[1]), Number(parts[2]), Number(parts[3]))) return ''
  return `${parts[3]}/${parts[2]}/${parts[1]}`
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * `isCalendarDate` for digits already split, by arithmetic: a 50-row page formats ~250 dates per
 * server render, and building a Date for each was ~1 % of it (decision 051). Years below 100 are no
 * calendar day there either (Date.UTC reads them as 19xx).
 */
function isDayOf(year: number, month: number, day: number) {
  if (year < 100 || month < 1 || month > 12 || day < 1) return false
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (DAYS_IN_MONTH[month - 1] ?? 0) + (leap ? 1 : 0)
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
