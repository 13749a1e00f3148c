import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { type OutboxEntry, OutboxListView } from '~/features/offline/components/outbox-list-view'

const entries: OutboxEntry[] = [
  {
    key: 'a1b2c3d4e5f60001',
    label: 'Pesada',
    subject: '22135',
    detail: '350,0 kg',
    createdAt: '2026-11-25T15:07:00Z',
    state: 'pending',
    error: 'Sin conexión',
    correctable: true,
  },
  {
    key: 'a1b2c3d4e5f60002',
    label: 'Pesada',
    subject: '22136',
    detail: '351,0 kg',
    createdAt: '2026-11-25T15:08:00Z',
    state: 'review',
    error: 'El animal no existe o fue eliminado',
    correctable: true,
  },
]

/** Recorredores' records (addendum h31): retried or discarded, not corrected. */
const riderEntries: OutboxEntry[] = [
  {
    key: 'a1b2c3d4e5f60003',
    label: 'Parto',
    subject: 'V-1020',
    detail: 'ternero T-500',
    createdAt: '2026-11-25T15:09:00Z',
    state: 'review',
    error:
      'La madre V-1020 tiene otro parto el 01/09/2026, a 85 días: entre dos partos deben pasar al menos 280 días',
    correctable: false,
  },
  {
    key: 'a1b2c3d4e5f60004',
    label: 'Tratamiento',
    subject: 'V-1021, V-1022',
    detail: '2 animales',
    createdAt: '2026-11-25T15:10:00Z',
    state: 'pending',
    error: 'Sin conexión',
    correctable: false,
  },
]

const meta = {
  title: 'Offline/OutboxList',
  component: OutboxListView,
  args: {
    entries,
    online: true,
    syncing: false,
    onSyncNow: fn(),
    onRetry: fn(),
    onDiscard: fn(),
    onCorrect: fn(async (): Promise<string | null> => null),
  },
} satisfies Meta<typeof OutboxListView>

export default meta
type Story = StoryObj<typeof meta>

/** A refused record sits in 'Revisar' with the server's reason; 'Descartar' asks first. */
export const RevisarYDescartar: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const review = canvas.getByRole('region', { name: 'Revisar' })
    const item = within(review).getByRole('listitem')
    await expect(item).toHaveTextContent('22136')
    await expect(item).toHaveTextContent('El animal no existe o fue eliminado')
    await expect(
      within(canvas.getByRole('region', { name: 'Pendientes' })).getAllByRole('listitem'),
    ).toHaveLength(1)
    await userEvent.click(within(item).getByRole('button', { name: 'Descartar' }))
    // Not yet: only the confirmation discards.
    await expect(args.onDiscard).not.toHaveBeenCalled()
    const body = within(canvasElement.ownerDocument.body)
    const confirm = await body.findByRole('alertdialog', { name: '¿Descartar este registro?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Descartar' }))
    await waitFor(() => expect(args.onDiscard).toHaveBeenCalledWith('a1b2c3d4e5f60002'))
  },
}

/** 'Corregir animal' with a tag the device does not know: the problem is said, nothing is sent. */
export const CorregirConProblema: Story = {
  args: { onCorrect: fn(async () => 'No se encontró un animal con esa caravana') },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const review = canvas.getByRole('region', { name: 'Revisar' })
    await userEvent.click(within(review).getByRole('button', { name: 'Corregir animal' }))
    await userEvent.type(within(review).getByLabelText('Caravana del animal'), '99999')
    await userEvent.click(within(review).getByRole('button', { name: 'Guardar y reintentar' }))
    await expect(args.onCorrect).toHaveBeenCalledWith('a1b2c3d4e5f60002', '99999')
    await expect(await within(review).findByRole('alert')).toHaveTextContent(
      'No se encontró un animal con esa caravana',
    )
  },
}

/** Without signal: nothing can be sent now, so 'Sincronizar ahora' and 'Reintentar' are off. */
export const SinConexion: Story = {
  args: { online: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sin conexión: se sincronizarán al volver la señal.')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Sincronizar ahora' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Reintentar' })).toBeDisabled()
  },
}

/** Everything sent: both lists say so. */
export const Vacio: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No hay registros pendientes.')).toBeVisible()
    await expect(canvas.getByText('El servidor no rechazó ningún registro.')).toBeVisible()
  },
}

/** A calving refused by the 280-day rule waits in 'Revisar' with that reason; no 'Corregir animal'. */
export const PartoYTratamientoDeRecorredores: Story = {
  args: { entries: riderEntries },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const review = within(canvas.getByRole('region', { name: 'Revisar' })).getByRole('listitem')
    await expect(review).toHaveTextContent('Parto')
    await expect(review).toHaveTextContent('entre dos partos deben pasar al menos 280 días')
    await expect(within(review).queryByRole('button', { name: 'Corregir animal' })).toBeNull()
    const pending = within(canvas.getByRole('region', { name: 'Pendientes' })).getByRole('listitem')
    await expect(pending).toHaveTextContent('Tratamiento')
    await expect(pending).toHaveTextContent('V-1021, V-1022')
  },
}
