import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { CalvingKpisPanel } from '~/features/riders/components/calving-kpis-panel'

const meta = {
  title: 'Recorredores/CalvingKpisPanel',
  component: CalvingKpisPanel,
  args: {
    kpis: {
      season: { start: '2025-08-01', end: '2026-07-31', births: 10 },
      periods: [
        { period: 1, from: '2025-08-01', to: '2025-08-21', births: 6, percent: 60 },
        { period: 2, from: '2025-08-22', to: '2025-09-11', births: 4, percent: 40 },
      ],
      interval: { intervals: 4, average_days: 371, median_days: 365, min_days: 350, max_days: 402 },
      deaths_by_cause: [{ cause: 'Neumonía', deaths: 2, percent: 100 }],
      deaths: 2,
    },
  },
} satisfies Meta<typeof CalvingKpisPanel>

export default meta
type Story = StoryObj<typeof meta>

export const Temporada: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Período 1')).toBeVisible()
    await expect(canvas.getByText('371 días')).toBeVisible()
  },
}

export const SinPartos: Story = {
  args: {
    kpis: {
      season: { start: null, end: null, births: 0 },
      periods: [],
      interval: { intervals: 0, average_days: null, median_days: null, min_days: null, max_days: null },
      deaths_by_cause: [],
      deaths: 0,
    },
  },
}
