import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FeedlotView } from '~/features/feedlot/components/feedlot-view'
import { PenDetailView } from '~/features/feedlot/components/pen-detail-view'
import type { FeedlotBoard, PenDetail } from '~/features/feedlot/feedlot.schema'

const PEN = {
  rodeo_id: 7,
  name: 'Corral 1',
  target_weight: 400,
  head: 3,
  days_on_feed: 35,
  entry_weight: 276.7,
  current_weight: 313.3,
  adg: 1.5,
  projected_target_date: '2026-12-22',
  projected_weight: 390,
  ready: 1,
  deaths: 1,
  removals: 1,
  dmi: 5,
  feed_conversion: 3.33,
}
const BOARD: FeedlotBoard = { date: '2026-12-15', pens: [PEN] }
const DETAIL: PenDetail = {
  date: '2026-12-15',
  pen: PEN,
  animals: [
    {
      id: 'a2',
      visual_tag: 'A2',
      electronic_tag: null,
      entry_date: '2026-10-16',
      days_on_feed: 40,
      entry_weight: 280,
      current_weight: 340,
      last_weighing_date: '2026-11-15',
      adg: 2,
      projected_weight: 400,
      projected_target_date: '2026-12-15',
      ready: true,
      weighings: [
        { date: '2026-10-16', weight: 280 },
        { date: '2026-11-15', weight: 340 },
      ],
    },
    {
      id: 'a1',
      visual_tag: 'A1',
      electronic_tag: '032000000000001',
      entry_date: '2026-09-26',
      days_on_feed: 60,
      entry_weight: 300,
      current_weight: 350,
      last_weighing_date: '2026-11-15',
      adg: 1,
      projected_weight: 380,
      projected_target_date: '2027-01-04',
      ready: false,
      weighings: [
        { date: '2026-09-26', weight: 300 },
        { date: '2026-10-26', weight: 330 },
        { date: '2026-11-15', weight: 350 },
      ],
    },
  ],
}

const meta = {
  title: 'Tableros/Feedlot',
  component: FeedlotView,
  args: {
    board: BOARD,
    onDateChange: fn(),
    onOpenPen: fn(),
    canEdit: true,
    rodeos: [{ id: 7, name: 'Corral 1', animals: 3 }],
    onSavePen: fn(() => Promise.resolve({ ok: true as const })),
    onRemovePen: fn(() => Promise.resolve({ ok: true as const })),
    onImportDeliveries: fn(() =>
      Promise.resolve({ ok: true as const, message: 'Se importaron 3 entregas de alimento' }),
    ),
  },
} satisfies Meta<typeof FeedlotView>

export default meta
type Story = StoryObj<typeof meta>

/** The pens' figures; a pen opens its animals. */
export const Corrales: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Corrales de feedlot' })
    await expect(within(table).getByText('3,33')).toBeVisible()
    await userEvent.click(within(table).getByRole('button', { name: 'Corral 1' }))
    await expect(args.onOpenPen).toHaveBeenCalledWith(7)
  },
}

/** A plain member sees the figures only. */
export const Usuario: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByText('Importar entregas de alimento')).toBeNull()
  },
}

/** A pen's animals, the ready ones only, and a weight curve. */
export const CorralAbierto: Story = {
  render: () => <PenDetailView detail={DETAIL} onBack={() => {}} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Animales del corral Corral 1' })
    await expect(within(table).getAllByRole('row')).toHaveLength(3)
    await userEvent.click(canvas.getByLabelText('Solo listos para embarque'))
    await expect(
      within(canvas.getByRole('table', { name: 'Animales del corral Corral 1' })).getAllByRole('row'),
    ).toHaveLength(2)
    await expect(canvas.getByRole('heading', { name: 'Curva de peso de A2 desde el ingreso' })).toBeVisible()
  },
}
