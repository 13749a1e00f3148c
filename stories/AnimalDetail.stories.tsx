import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { AnimalDetailView, AnimalTimeline } from '~/features/animals/components/animal-detail'
import { DeleteAnimalDialog } from '~/features/animals/components/delete-animal-dialog'
import { WeightChart } from '~/features/animals/components/weight-chart'
import { cow, cowEvents } from './animal-fixtures'
import { slowly, withStoryLinks } from './support'

const meta = {
  title: 'Animales/AnimalDetail',
  component: AnimalDetailView,
  decorators: [withStoryLinks],
  args: { animal: cow, events: cowEvents, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof AnimalDetailView>

export default meta
type Story = StoryObj<typeof meta>

/** A cow with its alerts, weights, services and diagnoses. */
export const Ficha: Story = {}

/** The events are still loading. */
export const CargandoHistorial: Story = { args: { events: undefined } }

/** A new animal: nothing recorded yet. */
export const SinEventos: Story = {
  args: {
    animal: { ...cow, alerts: [], last_weight: null, last_weight_read_at: null, GDPV: null, GDPVital: null },
    events: [],
  },
}

export const HistorialConError: Story = { args: { events: undefined, eventsError: true } }

/** An animal that left the herd: marked, with no Editar or Eliminar (decision 018). */
export const DadoDeBaja: Story = {
  args: {
    animal: {
      ...cow,
      check_out_type_id: 1,
      check_out_type_description: 'Venta',
      check_out_date: '2026-03-01 00:00:00',
    },
  },
}

/** The weight chart alone: the line, and the table with the gain of each interval. */
export const GraficoDePeso: StoryObj<typeof WeightChart> = {
  render: () => (
    <WeightChart
      weighings={cowEvents.flatMap((e) =>
        e.kind === 'weighing' ? [{ read_at: e.read_at, weight: e.weight }] : [],
      )}
    />
  ),
}

export const UnaSolaPesada: StoryObj<typeof WeightChart> = {
  render: () => <WeightChart weighings={[{ read_at: '2025-11-20 08:10:00', weight: 468 }]} />,
}

export const Historial: StoryObj<typeof AnimalTimeline> = {
  render: () => <AnimalTimeline events={cowEvents} />,
}

/** The delete confirmation; 'Eliminar' shows 'Eliminando...' while busy. */
export const ConfirmarEliminacion: StoryObj<typeof DeleteAnimalDialog> = {
  render: () => (
    <DeleteAnimalDialog
      open
      onOpenChange={fn()}
      visualTag="15012"
      onConfirm={async () => {
        await slowly(1500)()
        return { ok: true }
      }}
      onDeleted={fn()}
    />
  ),
}
