import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleLinear } from '@visx/scale'
import { useId } from 'react'
import { token } from 'styled-system/tokens'
import { formatNumber } from '~/lib/format'
import type { RfiAnimal } from '../rfi.schema'
import { RFI_CLASS_LABELS, type RfiClass } from '../rfi-method'

const WIDTH = 640
const HEIGHT = 320
const PAD = { top: 16, right: 16, bottom: 44, left: 56 }

/** Each class has a colour and a shape, so it reads without colour too. */
const CLASS_STYLE: Record<RfiClass, { color: string; shape: 'circle' | 'square' | 'triangle' }> = {
  eficiente: { color: token('colors.green.9'), shape: 'circle' },
  medio: { color: token('colors.gray.9'), shape: 'square' },
  ineficiente: { color: token('colors.red.9'), shape: 'triangle' },
}

const es = (decimals: number) => (value: { valueOf(): number }) => formatNumber(value.valueOf(), decimals)

/**
 * RFI against ADG, one mark per animal with an RFI (decision 034: visx primitives, loaded lazily by
 * the RFI board). The ranking table beside it holds every number, so the figure is an image with a
 * summary for assistive technology.
 */
export default function RfiScatter({ animals }: { animals: readonly RfiAnimal[] }) {
  const titleId = useId()
  const points = animals.filter((a) => a.rfi !== null && a.adg !== null && a.rfi_class !== null)
  if (points.length === 0) return null
  const adg = points.map((p) => p.adg as number)
  const rfi = points.map((p) => p.rfi as number)
  const pad = (lo: number, hi: number) => {
    const span = hi - lo || 1
    return [lo - span * 0.08, hi + span * 0.08]
  }
  const x = scaleLinear({
    domain: pad(Math.min(...adg), Math.max(...adg)),
    range: [0, WIDTH - PAD.left - PAD.right],
  })
  const y = scaleLinear({
    domain: pad(Math.min(...rfi), Math.max(...rfi)),
    range: [HEIGHT - PAD.top - PAD.bottom, 0],
  })
  const counts = points.reduce<Record<RfiClass, number>>(
    (acc, p) => ({ ...acc, [p.rfi_class as RfiClass]: acc[p.rfi_class as RfiClass] + 1 }),
    { eficiente: 0, medio: 0, ineficiente: 0 },
  )
  const summary = `RFI según GDPV de ${points.length} animales: ${counts.eficiente} eficientes, ${counts.medio} medios, ${counts.ineficiente} ineficientes.`
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: WIDTH }}
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{summary}</title>
        <Group left={PAD.left} top={PAD.top}>
          <line
            x1={0}
            x2={WIDTH - PAD.left - PAD.right}
            y1={y(0)}
            y2={y(0)}
            stroke="currentColor"
            strokeOpacity={0.3}
            strokeDasharray="4 4"
          />
          {points.map((p) => {
            const style = CLASS_STYLE[p.rfi_class as RfiClass]
            const cx = x(p.adg as number)
            const cy = y(p.rfi as number)
            const label = `${p.visual_tag}: GDPV ${formatNumber(p.adg, 3)}, RFI ${formatNumber(p.rfi, 3)}`
            if (style.shape === 'circle')
              return (
                <circle key={p.id} cx={cx} cy={cy} r={5} fill={style.color}>
                  <title>{label}</title>
                </circle>
              )
            if (style.shape === 'square')
              return (
                <rect key={p.id} x={cx - 4.5} y={cy - 4.5} width={9} height={9} fill={style.color}>
                  <title>{label}</title>
                </rect>
              )
            return (
              <polygon
                key={p.id}
                points={`${cx},${cy - 6} ${cx - 5.5},${cy + 4.5} ${cx + 5.5},${cy + 4.5}`}
                fill={style.color}
              >
                <title>{label}</title>
              </polygon>
            )
          })}
          <AxisBottom
            top={HEIGHT - PAD.top - PAD.bottom}
            scale={x}
            numTicks={6}
            tickFormat={es(2)}
            label="GDPV en la prueba (kg/día)"
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'middle' }}
            labelProps={{ fill: 'currentColor', fontSize: 12, textAnchor: 'middle' }}
          />
          <AxisLeft
            scale={y}
            numTicks={6}
            tickFormat={es(2)}
            label="RFI (kg MS/día)"
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: 'currentColor', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
            labelProps={{ fill: 'currentColor', fontSize: 12, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      <figcaption style={{ fontSize: 13, display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        {(Object.keys(CLASS_STYLE) as RfiClass[]).map((key) => (
          <span key={key} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <svg width="12" height="12" aria-hidden="true">
              {CLASS_STYLE[key].shape === 'circle' ? (
                <circle cx="6" cy="6" r="5" fill={CLASS_STYLE[key].color} />
              ) : CLASS_STYLE[key].shape === 'square' ? (
                <rect x="1.5" y="1.5" width="9" height="9" fill={CLASS_STYLE[key].color} />
              ) : (
                <polygon points="6,0 0.5,10.5 11.5,10.5" fill={CLASS_STYLE[key].color} />
              )}
            </svg>
            {RFI_CLASS_LABELS[key]} ({counts[key]})
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
