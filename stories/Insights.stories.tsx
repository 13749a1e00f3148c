import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { Chart } from '~/components/charts/chart'
import { withStoryLinks } from './support'

const meta = {
  title: 'Insights/Gráficos',
  decorators: [withStoryLinks],
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

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

/**
 * Sessions whose names share their first words: the x labels wrap so the words that tell them
 * apart stay on the axis; a 0 % session still draws a bar on the axis.
 */
export const RatesPorSesion: Story = {
  render: () => (
    <div style={{ width: 360 }}>
      <Chart
        kind="bar"
        title="Tasa de preñez por sesión"
        xLabel="Sesión"
        yLabel="Tasa (%)"
        decimals={1}
        yMax={100}
        points={[
          { x: 'Diagnóstico IATF Vacas 2025', series: 'Tasa', y: 84.1 },
          { x: 'Diagnóstico IATF Vaquillonas 2026', series: 'Tasa', y: 77.3 },
          { x: 'Tacto Recría 2026', series: 'Tasa', y: 0 },
        ]}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const chart = canvasElement.querySelector('svg[role="img"]') as SVGSVGElement
    const labels = [...chart.querySelectorAll('text')].map((t) =>
      [...t.querySelectorAll('tspan')].map((l) => l.textContent).join(' '),
    )
    await expect(labels).toEqual(
      expect.arrayContaining([expect.stringMatching(/Vacas/), expect.stringMatching(/Vaquillonas/)]),
    )
    const bars = [...chart.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')))
    await expect(bars).toHaveLength(3)
    await expect(bars[2]).toBe(2)
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
