import { Chart } from '~/components/charts/chart'
import { type ChartPoint, recordTable } from '~/components/charts/chart-model'
import type { RfiAnimal } from '../rfi.schema'
import { RFI_CLASS_LABELS, type RfiClass } from '../rfi-method'

const CLASSES = Object.keys(RFI_CLASS_LABELS) as RfiClass[]
const X_LABEL = 'GDPV en la prueba (kg/día)'
const Y_LABEL = 'RFI (kg MS/día)'

/**
 * RFI against ADG, one mark per animal with an RFI, through the app's one chart (decision 034: table
 * view, PNG and xlsx export, es-AR numbers); each class has its colour and mark. Loaded lazily by the
 * RFI board, so the chart library stays out of the page's first bytes.
 */
export default function RfiScatter({ animals }: { animals: readonly RfiAnimal[] }) {
  const ranked = animals.filter((a) => a.rfi !== null && a.adg !== null && a.rfi_class !== null)
  // No RFI in the group: the summary above says why; no empty chart card.
  if (ranked.length === 0) return null
  const points: ChartPoint[] = ranked.map((a) => ({
    x: String(a.adg),
    y: a.rfi,
    series: RFI_CLASS_LABELS[a.rfi_class as RfiClass],
    label: a.visual_tag,
  }))
  // The table view and the xlsx: one row per animal (the pivot by x would merge equal ADGs).
  const table = recordTable(
    [
      { id: 'tag', header: 'Animal', numeric: false },
      { id: 'class', header: 'Clase', numeric: false },
      { id: 'adg', header: X_LABEL, decimals: 3 },
      { id: 'rfi', header: Y_LABEL, decimals: 3 },
    ],
    ranked.map((a) => ({
      tag: a.visual_tag,
      class: RFI_CLASS_LABELS[a.rfi_class as RfiClass],
      adg: a.adg,
      rfi: a.rfi,
    })),
  )
  const count = (c: RfiClass) => ranked.filter((a) => a.rfi_class === c).length
  const summary = `RFI según GDPV de ${ranked.length} animales: ${count('eficiente')} eficientes, ${count('medio')} medios, ${count('ineficiente')} ineficientes. La tabla con los datos sigue al gráfico.`
  return (
    <Chart
      kind="scatter"
      title="RFI según GDPV"
      xLabel={X_LABEL}
      yLabel={Y_LABEL}
      points={points}
      decimals={2}
      xDecimals={2}
      series={CLASSES.map((c) => RFI_CLASS_LABELS[c])}
      yReference={0}
      table={table}
      summary={summary}
    />
  )
}
