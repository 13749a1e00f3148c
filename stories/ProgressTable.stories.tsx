import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { ProgressTable } from '~/features/capacitations/components/progress-table'
import { PROGRESS } from './capacitations.fixtures'

const meta = {
  title: 'Capacitación/ProgressTable',
  component: ProgressTable,
  args: { rows: PROGRESS, onReload: fn(), renderBackLink: (children) => <a href="#cursos">{children}</a> },
} satisfies Meta<typeof ProgressTable>

export default meta
type Story = StoryObj<typeof meta>

/** Each person in each course, in the project's data table. */
export const Progreso: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = await canvas.findByRole('table', { name: 'Progreso de capacitación' })
    const row = within(table).getByRole('row', { name: /Lucía González.*Encierre en el corral/ })
    await expect(row).toHaveTextContent('100 %')
    await expect(row).toHaveTextContent('Aprobado (100 %)')
    await expect(within(table).getByRole('row', { name: /Martín Fernández/ })).toHaveTextContent(
      'No aprobado (50 %)',
    )
  },
}

/** Nobody yet. */
export const SinDatos: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sin Resultados.')).toBeVisible()
  },
}
