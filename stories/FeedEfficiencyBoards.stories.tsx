import type { Meta, StoryObj } from '@storybook/react-vite'
import { GaugeIcon } from 'lucide-react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { BOARD_MESSAGES } from '~/features/boards/boards.schema'
import { BoardManager } from '~/features/boards/components/board-manager'
import { DashboardPage } from '~/features/boards/components/dashboard-page'
import type { Board } from '~/features/establishments/establishment.schema'

const BOARDS: Board[] = [
  { id: 1, title: 'RFI del establecimiento', url: null, default: true, dashboard_type_id: 1 },
  {
    id: 2,
    title: 'Informe Power BI',
    url: 'https://app.powerbi.com/view?r=demo',
    default: false,
    dashboard_type_id: 1,
  },
]

const meta = {
  title: 'Tableros/BoardManager',
  component: BoardManager,
  args: {
    dashboardTypeId: 1,
    boards: BOARDS,
    onSave: fn(() => Promise.resolve({ ok: true as const, message: BOARD_MESSAGES.created })),
    onDelete: fn(() => Promise.resolve({ ok: true as const })),
  },
} satisfies Meta<typeof BoardManager>

export default meta
type Story = StoryObj<typeof meta>

/** An administrador adds an external board marked default. */
export const AgregarExterno: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Agregar tablero' }))
    await userEvent.type(canvas.getByLabelText('Título'), 'Informe mensual')
    await userEvent.type(canvas.getByLabelText('Dirección (https)'), 'https://lookerstudio.google.com/r/1')
    await userEvent.click(canvas.getByLabelText('Predeterminado (se abre primero)'))
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      {
        title: 'Informe mensual',
        dashboard_type_id: 1,
        default: true,
        url: 'https://lookerstudio.google.com/r/1',
      },
      undefined,
    )
  },
}

/** Only https addresses: the form says so before anything is sent. */
export const SoloHttps: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Agregar tablero' }))
    await userEvent.type(canvas.getByLabelText('Título'), 'Inseguro')
    await userEvent.type(canvas.getByLabelText('Dirección (https)'), 'http://example.com')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(await canvas.findByText(BOARD_MESSAGES.urlHttps)).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

/** The dashboard page: boards as tabs, the default marked, the built-in board below. */
export const PaginaDeTableros: Story = {
  render: () => (
    <DashboardPage
      title="Tablero RFI"
      description="Tableros RFI del establecimiento."
      icon={GaugeIcon}
      boards={BOARDS}
      selected={BOARDS[0]}
      onSelect={() => {}}
      builtIn={<p>Tablero propio</p>}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tabs = canvas.getByRole('navigation', { name: 'Tableros' })
    await expect(
      within(tabs).getByRole('button', { name: 'RFI del establecimiento (predeterminado)' }),
    ).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByText('Tablero propio')).toBeVisible()
  },
}
