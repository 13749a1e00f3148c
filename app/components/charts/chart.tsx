import { AxisBottom, AxisLeft } from '@visx/axis'
import { Group } from '@visx/group'
import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar, Circle, LinePath } from '@visx/shape'
import { DownloadIcon, ImageIcon, TableIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { buildWorkbook, downloadFile, exportFileName, XLSX_MIME } from '~/components/data-table/export'
import { Button } from '~/components/ui/button'
import * as Card from '~/components/ui/card'
import { formatNumber } from '~/lib/format'
import {
  type ChartPoint,
  type ChartTable,
  domains,
  niceMax,
  pivotTable,
  SERIES_COLORS,
  wrapLabel,
} from './chart-model'

/**
 * The app's one chart (decision 034: visx primitives). A card with the title, the definition's ⓘ,
 * the drawing (an SVG with role="img" and a Spanish summary), the same numbers as a table (always in
 * the accessibility tree; shown on 'Ver tabla'), and PNG and xlsx export. Spanish axis labels and
 * es-AR numbers. Import it only lazily (the login and Animales pages carry none of it).
 */
export interface ChartProps {
  kind: 'bar' | 'line' | 'scatter'
  title: string
  xLabel: string
  yLabel: string
  points: readonly ChartPoint[]
  /** Decimals of y in ticks, tooltips and the table. */
  decimals?: number
  /** Replaces the pivoted table (e.g. a rate with its numerator and denominator). */
  table?: ChartTable
  /** The ⓘ with the definition. */
  info?: ReactNode
  /** What the chart says when there is nothing to draw. */
  empty?: string
  /** y axis maximum (e.g. 100 for a percentage). */
  yMax?: number
  /** Decimals of x in a scatter's ticks and tooltips. */
  xDecimals?: number
  /** The series in this order, each with its colour and (scatter) mark, whichever points exist. */
  series?: readonly string[]
  /** A dashed horizontal line at this y (e.g. 0 for a residual). */
  yReference?: number
  /** Replaces the drawing's generated description (its range of y) for assistive technology. */
  summary?: string
}

const HEIGHT = 260
const MARGIN = { top: 12, right: 12, bottom: 52, left: 56 }
/** Height of each x label line after the first (11 px type). */
const LABEL_LINE = 13

/**
 * The x labels of a bar or line chart: only as many as fit (about 64 px each; the table view has
 * every one), each wrapped into the room of its band, at most three lines. The drawing grows by the
 * extra lines; the plot keeps its height.
 */
function bandTicks(points: readonly ChartPoint[], width: number) {
  const { xs } = domains(points)
  const innerWidth = width - MARGIN.left - MARGIN.right
  const every = Math.max(1, Math.ceil(xs.length / Math.max(1, Math.floor(innerWidth / 64))))
  const room = (innerWidth / Math.max(1, xs.length)) * every
  const values = xs.filter((_, i) => i % every === 0)
  // About 6.2 px per character of 11 px system-ui, less a small gap between labels.
  const labels = new Map(values.map((v) => [v, wrapLabel(v, (room - 6) / 6.2, 3)]))
  const lines = Math.max(1, ...[...labels.values()].map((l) => l.length))
  return { values, labels, extra: (lines - 1) * LABEL_LINE }
}

/** The width of the box the chart is drawn in: a guess on the server, measured in the browser. */
function useWidth(initial = 560) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.floor(entry.contentRect.width)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

export function Chart(props: ChartProps) {
  const { title, xLabel, yLabel, points, decimals = 0, info, empty = 'No hay datos en el período.' } = props
  const [boxRef, width] = useWidth()
  const svgRef = useRef<SVGSVGElement>(null)
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const table = props.table ?? pivotTable(points, xLabel, yLabel, decimals)
  const drawable = points.filter((p) => p.y !== null)
  const { series } = domains(drawable, props.series)
  const extra = props.kind === 'scatter' ? 0 : bandTicks(drawable, width).extra

  const exportXlsx = async () => {
    const bytes = await buildWorkbook(table.columns, table.rows)
    downloadFile(bytes, exportFileName(title), XLSX_MIME)
  }
  const exportPng = async () => {
    if (svgRef.current)
      downloadFile(
        await svgToPng(svgRef.current),
        exportFileName(title).replace(/\.xlsx$/, '.png'),
        'image/png',
      )
  }

  return (
    <Card.Root>
      <Card.Header pb="2" gap="2">
        <HStack justify="space-between" alignItems="start" gap="2">
          <Card.Title asChild>
            <h3 id={titleId}>{title}</h3>
          </Card.Title>
          {info}
        </HStack>
        <HStack gap="1" flexWrap="wrap">
          <Button
            size="xs"
            variant="outline"
            onClick={() => setShowTable((v) => !v)}
            aria-label={showTable ? `Ver gráfico de «${title}»` : `Ver tabla de «${title}»`}
          >
            <TableIcon aria-hidden /> {showTable ? 'Ver gráfico' : 'Ver tabla'}
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={exportPng}
            disabled={drawable.length === 0 || showTable}
            aria-label={`Exportar «${title}» como imagen PNG`}
          >
            <ImageIcon aria-hidden /> PNG
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={exportXlsx}
            disabled={table.rows.length === 0}
            aria-label={`Exportar datos de «${title}» a Excel`}
          >
            <DownloadIcon aria-hidden /> Excel
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Box ref={boxRef} w="full" minW="0">
          {drawable.length === 0 ? (
            <styled.p color="fg.muted" py="8" textAlign="center">
              {empty}
            </styled.p>
          ) : showTable ? null : (
            <Stack gap="2">
              <svg
                ref={svgRef}
                width={width}
                height={HEIGHT + extra}
                role="img"
                aria-labelledby={titleId}
                aria-describedby={`${titleId}-summary`}
                fontFamily="system-ui, sans-serif"
              >
                <title>{title}</title>
                <desc id={`${titleId}-summary`}>{props.summary ?? summaryText(props, drawable)}</desc>
                <Plot {...props} points={drawable} width={width} series={series} />
              </svg>
              {series.length > 1 ? <Legend series={series} marks={props.kind === 'scatter'} /> : null}
            </Stack>
          )}
          {showTable ? (
            // Shown: a wide table scrolls sideways, so it takes the keyboard focus to scroll.
            <Box overflowX="auto" tabIndex={0} role="region" aria-label={`Tabla: ${title}`}>
              <DataTableView table={table} caption={title} />
            </Box>
          ) : (
            <Box srOnly>
              <DataTableView table={table} caption={title} />
            </Box>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  )
}

function summaryText(props: ChartProps, points: readonly ChartPoint[]) {
  const ys = points.map((p) => p.y as number)
  const min = Math.min(...ys)
  const max = Math.max(...ys)
  return `${props.yLabel} según ${props.xLabel.toLowerCase()}: de ${formatNumber(min, props.decimals ?? 0)} a ${formatNumber(max, props.decimals ?? 0)}. La tabla con los datos sigue al gráfico.`
}

function Plot({
  kind,
  points,
  width,
  series,
  xLabel,
  yLabel,
  decimals = 0,
  yMax,
  xDecimals = 0,
  yReference,
}: ChartProps & { width: number; series: string[] }) {
  const innerWidth = width - MARGIN.left - MARGIN.right
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const ys = points.map((p) => p.y as number)
  const minY = Math.min(0, yReference ?? 0, ...ys)
  const y = scaleLinear<number>({
    domain: [minY, yMax ?? niceMax(Math.max(...ys))],
    range: [innerHeight, 0],
    nice: true,
  })
  const color = (s: string) => SERIES_COLORS[series.indexOf(s) % SERIES_COLORS.length] as string
  const yFormat = (v: unknown) => formatNumber(Number(v), decimals)
  const axisLabel = { fontSize: 12, fill: '#404040', textAnchor: 'middle' as const }
  const tickLabel = { fontSize: 11, fill: '#404040' }
  // Set, tick label props replace visx's own: the y values end left of their ticks, centred on them.
  const yAxis = (
    <AxisLeft
      scale={y}
      numTicks={5}
      tickFormat={yFormat}
      label={yLabel}
      labelProps={axisLabel}
      tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', verticalAnchor: 'middle', dx: -4 })}
    />
  )

  if (kind === 'scatter') {
    const xs = points.map((p) => Number(p.x))
    const x = scaleLinear<number>({
      domain: [Math.min(...xs), Math.max(...xs)],
      range: [0, innerWidth],
      nice: true,
    })
    const xFormat = (v: unknown) => formatNumber(Number(v), xDecimals)
    return (
      <Group left={MARGIN.left} top={MARGIN.top}>
        {yReference === undefined ? null : (
          <line
            x1={0}
            x2={innerWidth}
            y1={y(yReference)}
            y2={y(yReference)}
            stroke="#404040"
            strokeOpacity={0.4}
            strokeDasharray="4 4"
          />
        )}
        {points.map((p, i) => (
          <Mark
            // biome-ignore lint/suspicious/noArrayIndexKey: two points may share x, y and series
            key={i}
            shape={series.indexOf(p.series)}
            cx={x(Number(p.x))}
            cy={y(p.y as number)}
            fill={color(p.series)}
          >
            <title>{`${p.label ? `${p.label} (${p.series})` : p.series}: ${xLabel} ${xFormat(p.x)}, ${yLabel} ${yFormat(p.y)}`}</title>
          </Mark>
        ))}
        {yAxis}
        <AxisBottom
          top={innerHeight}
          scale={x}
          numTicks={Math.max(2, Math.floor(innerWidth / 70))}
          tickFormat={xFormat}
          label={xLabel}
          labelProps={axisLabel}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
        />
      </Group>
    )
  }

  const { xs } = domains(points)
  const x = scaleBand<string>({ domain: xs, range: [0, innerWidth], padding: kind === 'bar' ? 0.2 : 0.5 })
  const ticks = bandTicks(points, width)
  const axes = (
    <>
      {yAxis}
      <AxisBottom
        top={innerHeight}
        scale={x}
        tickValues={ticks.values}
        tickFormat={(v) => String(v)}
        label={xLabel}
        labelOffset={14 + ticks.extra}
        labelProps={axisLabel}
        tickComponent={({ x: tx, y: ty, formattedValue }) => {
          const full = formattedValue ?? ''
          const lines = ticks.labels.get(full) ?? [full]
          return (
            <text x={tx} y={ty} textAnchor="middle" {...tickLabel}>
              {lines.length > 1 || lines[0] !== full ? <title>{full}</title> : null}
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a label's lines in order; two may read alike
                <tspan key={i} x={tx} dy={i === 0 ? 0 : LABEL_LINE}>
                  {line}
                </tspan>
              ))}
            </text>
          )
        }}
      />
    </>
  )
  if (kind === 'line') {
    return (
      <Group left={MARGIN.left} top={MARGIN.top}>
        {series.map((s) => {
          const line = points.filter((p) => p.series === s)
          return (
            <g key={s}>
              <LinePath
                data={line}
                x={(p) => (x(p.x) ?? 0) + x.bandwidth() / 2}
                y={(p) => y(p.y as number)}
                stroke={color(s)}
                strokeWidth={2}
              />
              {line.map((p) => (
                <Circle
                  key={p.x}
                  cx={(x(p.x) ?? 0) + x.bandwidth() / 2}
                  cy={y(p.y as number)}
                  r={3}
                  fill={color(s)}
                >
                  <title>{`${s}, ${p.x}: ${yFormat(p.y)}`}</title>
                </Circle>
              ))}
            </g>
          )
        })}
        {axes}
      </Group>
    )
  }
  const inner = scaleBand<string>({ domain: series, range: [0, x.bandwidth()], padding: 0.05 })
  return (
    <Group left={MARGIN.left} top={MARGIN.top}>
      {points.map((p) => {
        // A zero (say 0 % preñez: 0 of 5) is a result, not a gap: a 2 px bar on the axis shows it.
        const zero = p.y === 0
        const top = zero ? y(0) - 2 : y(Math.max(0, p.y as number))
        const height = zero ? 2 : Math.abs(y(p.y as number) - y(0))
        return (
          <Bar
            key={`${p.x}-${p.series}`}
            x={(x(p.x) ?? 0) + (inner(p.series) ?? 0)}
            y={top}
            width={inner.bandwidth()}
            height={height}
            fill={color(p.series)}
          >
            <title>{`${series.length > 1 ? `${p.series}, ` : ''}${p.x}: ${yFormat(p.y)}`}</title>
          </Bar>
        )
      })}
      {axes}
    </Group>
  )
}

/**
 * A scatter's marks differ by series in shape as well as colour (circle, square, triangle, …), so
 * the series read without colour too.
 */
function Mark({
  shape,
  cx,
  cy,
  fill,
  children,
}: {
  shape: number
  cx: number
  cy: number
  fill: string
  children?: ReactNode
}) {
  const kind = shape % 3
  if (kind === 1)
    return (
      <rect x={cx - 3.5} y={cy - 3.5} width={7} height={7} fill={fill} fillOpacity={0.85}>
        {children}
      </rect>
    )
  if (kind === 2)
    return (
      <polygon
        points={`${cx},${cy - 5} ${cx - 4.5},${cy + 3.5} ${cx + 4.5},${cy + 3.5}`}
        fill={fill}
        fillOpacity={0.85}
      >
        {children}
      </polygon>
    )
  return (
    <Circle cx={cx} cy={cy} r={3.5} fill={fill} fillOpacity={0.85}>
      {children}
    </Circle>
  )
}

function Legend({ series, marks }: { series: string[]; marks: boolean }) {
  return (
    <styled.ul
      display="flex"
      flexWrap="wrap"
      gap="3"
      listStyle="none"
      textStyle="xs"
      aria-label="Referencias"
    >
      {series.map((s, i) => {
        const fill = SERIES_COLORS[i % SERIES_COLORS.length] as string
        return (
          <HStack as="li" key={s} gap="1">
            {marks ? (
              <svg width="12" height="12" aria-hidden="true">
                <Mark shape={i} cx={6} cy={6.5} fill={fill} />
              </svg>
            ) : (
              <Box w="3" h="3" borderRadius="sm" style={{ background: fill }} aria-hidden />
            )}
            {s}
          </HStack>
        )
      })}
    </styled.ul>
  )
}

function DataTableView({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <styled.table textStyle="sm" w="full">
      <caption>{`${caption} (tabla)`}</caption>
      <thead>
        <tr>
          {table.columns.map((c) => (
            <styled.th
              key={c.id}
              scope="col"
              textAlign={c.align === 'end' ? 'right' : 'left'}
              px="2"
              py="1"
              fontWeight="medium"
              borderBottomWidth="1px"
            >
              {c.header}
            </styled.th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the table is rebuilt whole
          <tr key={index}>
            {table.columns.map((c) => (
              <styled.td
                key={c.id}
                textAlign={c.align === 'end' ? 'right' : 'left'}
                px="2"
                py="1"
                fontVariantNumeric="tabular-nums"
              >
                {c.cell(row)}
              </styled.td>
            ))}
          </tr>
        ))}
      </tbody>
    </styled.table>
  )
}

/** The drawn SVG as a PNG at twice its size, on white (a transparent PNG is black in some viewers). */
async function svgToPng(svg: SVGSVGElement): Promise<Blob> {
  const clone = svg.cloneNode(true) as SVGSVGElement
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  const width = svg.width.baseVal.value
  const height = svg.height.baseVal.value
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }),
  )
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = width * 2
    canvas.height = height * 2
    const context = canvas.getContext('2d') as CanvasRenderingContext2D
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.scale(2, 2)
    context.drawImage(image, 0, 0)
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG'))), 'image/png'),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}
