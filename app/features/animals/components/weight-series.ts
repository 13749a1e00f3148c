/**
 * The animal's weighings as a series (date order, days and daily gain between weighings). Kept apart
 * from the chart so the detail page can decide whether to load the chart at all without loading it.
 */
export interface Weighing {
  /** Farm wall-clock 'YYYY-MM-DD HH:mm:ss'. */
  read_at: string
  weight: number
}

export interface WeightPoint extends Weighing {
  /** Calendar days since the previous weighing (null for the first). */
  days: number | null
  /** kg/day since the previous weighing (decision 007's formula; null for the first or a zero-day gap). */
  gdpv: number | null
}

const dayNumber = (readAt: string) => {
  const [y, m, d] = readAt.slice(0, 10).split('-').map(Number)
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / 86_400_000
}

/** The weighings in date order, each with the days and the daily gain since the one before. */
export function weightSeries(weighings: readonly Weighing[]): WeightPoint[] {
  const sorted = [...weighings].sort((a, b) => (a.read_at < b.read_at ? -1 : a.read_at > b.read_at ? 1 : 0))
  return sorted.map((point, index) => {
    const previous = sorted[index - 1]
    if (!previous) return { ...point, days: null, gdpv: null }
    const days = dayNumber(point.read_at) - dayNumber(previous.read_at)
    const gdpv = days > 0 ? Math.round(((point.weight - previous.weight) / days) * 1000) / 1000 : null
    return { ...point, days, gdpv }
  })
}
