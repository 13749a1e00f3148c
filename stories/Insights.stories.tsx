import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { Chart } from '~/components/charts/chart'
import { SummaryPage } from '~/features/insights/components/summary-page'
import type { Summary } from '~/features/insights/insights.schema'
import { withStoryLinks } from './support'

const summary: Summary = {
  head_count: 1234,
  by_category: [
    { id: 1, description: 'Vaca', count: 800 },
    { id: 2, description: 'Ternero', count: 434 },
  ],
  by_rodeo: [
    { id: 5, description: 'Rodeo General', count: 1200 },
    { id: null, description: 'Sin rodeo', count: 34 },
  ],
  alerts: {
    animals: 2,
    alerts: 3,
    sample: [
      { animal_id: '00000000-0000-4000-8000-000000000001', visual_tag: 'A-12', description: 'Renguera' },
    ],
  },
  last_sessions: [
    {
      id: 9,
      name: 'Tacto otoño',
      activity_date: '2026-04-10 00:00:00',
      work: 2,
      events: 300,
      headline: 86.2,
    },
    {
      id: 10,
      name: 'Pesada destete',
      activity_date: '2026-03-01 00:00:00',
      work: 7,
      events: 250,
      headline: 182.4,
    },
  ],
  without_rfid: 12,
  not_weighed: 1034,
  pregnancy_check_due: 7,
}

const meta = {
  title: 'Insights/Resumen y gráficos',
  decorators: [withStoryLinks],
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** Resumen: every number is a link to the animals it counts, with es-AR digits. */
export const Resumen: Story = {
  render: () => <SummaryPage establishmentId={1} establishmentName="La Esperanza" summary={summary} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('link', { name: 'Sin pesar en 90 días: 1.034. Ver los animales' }),
    ).toBeVisible()
    await expect(canvas.getByText('Preñez: 86,2 %', { exact: false })).toBeVisible()
  },
}

/** A bar chart with its table view and exports; the table is in the accessibility tree. */
export const GraficoDeBarras: Story = {
  render: () => (
    <Chart
      kind="bar"
      title="Tasa de preñez por rodeo"
      xLabel="Rodeo"
      yLabel="Tasa (%)"
      decimals={1}
      yMax={100}
      points={[
        { x: 'Norte', series: 'Tasa', y: 86.2 },
        { x: 'Sur', series: 'Tasa', y: 74.5 },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'Tasa de preñez por rodeo' })).toBeInTheDocument()
    await expect(canvas.getByRole('table', { name: 'Tasa de preñez por rodeo (tabla)' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Ver tabla de «Tasa de preñez por rodeo»' }))
    await expect(canvas.getByRole('cell', { name: '86,2' })).toBeVisible()
  },
}

/** Lines over months, several series and a legend. */
export const GraficoDeLineas: Story = {
  render: () => (
    <Chart
      kind="line"
      title="GDPV por rodeo"
      xLabel="Mes"
      yLabel="GDPV (kg/día)"
      decimals={3}
      points={['2026-01', '2026-02', '2026-03'].flatMap((x, i) => [
        { x, series: 'Norte', y: 0.6 + i * 0.05 },
        { x, series: 'Sur', y: 0.5 + i * 0.04 },
      ])}
    />
  ),
}

/** Dots: weight by age. */
export const GraficoDeDispersion: Story = {
  render: () => (
    <Chart
      kind="scatter"
      title="Peso por edad"
      xLabel="Edad (meses)"
      yLabel="Peso promedio (kg)"
      points={[6, 12, 18, 24].map((m) => ({ x: String(m), series: 'Hembra', y: 40 + m * 15 }))}
    />
  ),
}

/** Nothing in the period. */
export const SinDatos: Story = {
  render: () => <Chart kind="bar" title="Condición corporal" xLabel="Valor" yLabel="Cantidad" points={[]} />,
}
