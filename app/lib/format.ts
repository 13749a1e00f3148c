import { format, parse } from 'date-fns'
import { es } from 'date-fns/locale'

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

/** A wall-clock 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') from the API as 'dd/MM/yyyy'. */
export function formatDate(value: string | null | undefined) {
  if (!value) return ''
  const parsed = parse(value.slice(0, 10), 'yyyy-MM-dd', new Date())
  return Number.isNaN(parsed.getTime()) ? '' : format(parsed, 'dd/MM/yyyy', { locale: es })
}

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
