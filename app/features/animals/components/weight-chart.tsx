import { useId } from 'react'
import { css } from 'styled-system/css'
import { Box, Stack, styled } from 'styled-system/jsx'
import { formatDate, formatNumber } from '~/lib/format'

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

const WIDTH = 640
const HEIGHT = 220
const PAD = { top: 26, right: 20, bottom: 32, left: 52 }

/**
 * The animal's weights over time, drawn by hand in SVG (no chart library): a line through the
 * weighings, the weight scale and the first and last dates. Accessible: the figure has a title and a
 * description, and every number is in the table under it, with the daily gain (GDPV) of each interval.
 */
export function WeightChart({ weighings }: { weighings: readonly Weighing[] }) {
  const titleId = useId()
  const descId = useId()
  const series = weightSeries(weighings)
  if (series.length === 0) {
    return (
      <styled.p color="fg.muted" textStyle="sm">
        Sin pesadas registradas.
      </styled.p>
    )
  }
  const first = series[0]
  const last = series[series.length - 1]
  const weights = series.map((p) => p.weight)
  const low = Math.min(...weights)
  const high = Math.max(...weights)
  const span = high - low || Math.max(10, high * 0.1)
  const yMin = Math.max(0, low - span * 0.1)
  const yMax = high + span * 0.1
  const startDay = dayNumber(first?.read_at ?? '')
  const endDay = dayNumber(last?.read_at ?? '')
  const x = (readAt: string) =>
    endDay === startDay
      ? PAD.left + (WIDTH - PAD.left - PAD.right) / 2
      : PAD.left + ((dayNumber(readAt) - startDay) / (endDay - startDay)) * (WIDTH - PAD.left - PAD.right)
  const y = (weight: number) =>
    PAD.top + (1 - (weight - yMin) / (yMax - yMin)) * (HEIGHT - PAD.top - PAD.bottom)
  const ticks = [0, 1, 2, 3].map((i) => yMin + ((yMax - yMin) * i) / 3)
  const path = series
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.read_at).toFixed(1)},${y(p.weight).toFixed(1)}`)
    .join(' ')

  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          className={css({ width: 'full', maxW: '3xl', minW: '80', height: 'auto', color: 'accent.default' })}
        >
          <title id={titleId}>Evolución del peso</title>
          <desc id={descId}>
            {series.length === 1
              ? `Una pesada: ${formatNumber(first?.weight, 1)} kg el ${formatDate(first?.read_at)}.`
              : `${series.length} pesadas, de ${formatNumber(first?.weight, 1)} kg el ${formatDate(first?.read_at)} a ${formatNumber(last?.weight, 1)} kg el ${formatDate(last?.read_at)}.`}
          </desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="currentColor"
                strokeOpacity="0.12"
                className={css({ color: 'fg.muted' })}
              />
              <text
                x={PAD.left - 8}
                y={y(tick) + 4}
                textAnchor="end"
                fontSize="11"
                className={css({ fill: 'fg.muted' })}
              >
                {formatNumber(tick, 0)}
              </text>
            </g>
          ))}
          <text x={PAD.left} y={HEIGHT - 8} fontSize="11" className={css({ fill: 'fg.muted' })}>
            {formatDate(first?.read_at)}
          </text>
          {series.length > 1 && (
            <text
              x={WIDTH - PAD.right}
              y={HEIGHT - 8}
              textAnchor="end"
              fontSize="11"
              className={css({ fill: 'fg.muted' })}
            >
              {formatDate(last?.read_at)}
            </text>
          )}
          <text x={PAD.left - 8} y={12} textAnchor="end" fontSize="11" className={css({ fill: 'fg.muted' })}>
            kg
          </text>
          <path d={path} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
          {series.map((p) => (
            <circle
              key={`${p.read_at}-${p.weight}`}
              cx={x(p.read_at)}
              cy={y(p.weight)}
              r="4"
              fill="currentColor"
            />
          ))}
        </svg>
      </Box>
      <Box overflowX="auto">
        <styled.table width="full" textStyle="sm" aria-label="Pesadas">
          <thead>
            <tr>
              <th className={cell}>Fecha</th>
              <th className={cellEnd}>Peso (kg)</th>
              <th className={cellEnd}>Días</th>
              <th className={cellEnd}>GDPV (kg/día)</th>
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((p) => (
              <tr key={`${p.read_at}-${p.weight}`}>
                <td className={cell}>{formatDate(p.read_at)}</td>
                <td className={cellEnd}>{formatNumber(p.weight, 1)}</td>
                <td className={cellEnd}>{p.days ?? '—'}</td>
                <td className={cellEnd}>{p.gdpv === null ? '—' : formatNumber(p.gdpv, 3)}</td>
              </tr>
            ))}
          </tbody>
        </styled.table>
      </Box>
    </Stack>
  )
}

const cell = css({
  px: '2',
  py: '1.5',
  textAlign: 'start',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  fontVariantNumeric: 'tabular-nums',
  '& th, th&': { fontWeight: 'semibold' },
})
const cellEnd = css({
  px: '2',
  py: '1.5',
  textAlign: 'end',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  fontVariantNumeric: 'tabular-nums',
})
