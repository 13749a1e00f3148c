import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, within } from 'storybook/test'
import type { Alert } from '~/features/alerts/alerts.schema'
import { AlertsDialog, type AlertsFilters } from '~/features/alerts/components/alerts-dialog'
import type { ActionResult } from '~/lib/action-result'

function answerAfter(ms: number, result: ActionResult) {
  return () => new Promise<ActionResult>((resolve) => setTimeout(() => resolve(result), ms))
}

const alert = (id: number, description: string, visual_tag: string | null): Alert => ({
  id,
  animal_id: `6f1c1d2e-0000-4000-8000-00000000000${id % 10}`,
  description,
  active: 1,
  read_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  visual_tag,
})
const ALERTS = [
  alert(41, 'revisar pezuña', '1201'),
  alert(40, 'vender', '1202'),
  alert(39, 'repetir tacto', null),
]

const meta = {
  title: 'Animales/AlertsDialog',
  component: AlertsDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    selectedCount: 2,
    onCreate: fn(answerAfter(1200, { ok: true })),
    alerts: ALERTS,
    total: ALERTS.length,
    filters: { visual_tag: '', description: '' },
    onFiltersChange: fn(),
    onMarkRead: fn(answerAfter(800, { ok: true })),
  },
  render: function Render(args) {
    const [filters, setFilters] = useState<AlertsFilters>(args.filters)
    const [read, setRead] = useState<number[]>([])
    const shown = args.alerts.filter(
      (a) =>
        !read.includes(a.id) &&
        (a.visual_tag ?? '').toLowerCase().includes(filters.visual_tag.toLowerCase()) &&
        a.description.toLowerCase().includes(filters.description.toLowerCase()),
    )
    return (
      <AlertsDialog
        {...args}
        alerts={shown}
        total={shown.length}
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next)
          args.onFiltersChange(next)
        }}
        onMarkRead={async (ids) => {
          const result = await args.onMarkRead(ids)
          if (result.ok) setRead((current) => [...current, ...ids])
          return result
        }}
      />
    )
  },
} satisfies Meta<typeof AlertsDialog>

export default meta
type Story = StoryObj<typeof meta>

/** Animals selected: the dialog opens on 'Nueva Alerta'. */
export const NuevaAlerta: Story = {
  play: async () => {
    const body = within(document.body)
    await expect(await body.findByText('Animales seleccionados: 2')).toBeVisible()
    await expect(await body.findByRole('tab', { name: 'Nueva Alerta' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  },
}

/** Nothing selected: only 'Gestionar Alertas'; an alert of a deleted animal shows 'N/A'. */
export const GestionarAlertas: Story = {
  args: { selectedCount: 0 },
  play: async () => {
    const body = within(document.body)
    await expect(await body.findByText('seleccione Animales para agregar alertas')).toBeVisible()
    await expect(await body.findByRole('tab', { name: 'Nueva Alerta' })).toBeDisabled()
    await expect(await body.findByText('N/A')).toBeVisible()
  },
}

export const SinAlertas: Story = { args: { selectedCount: 0, alerts: [], total: 0 } }

export const CargandoAlertas: Story = {
  args: { selectedCount: 0, alerts: [], total: 0, loadingAlerts: true },
}

export const ErrorAlMarcar: Story = {
  args: {
    selectedCount: 0,
    onMarkRead: fn(answerAfter(600, { ok: false, error: 'Sin acceso a este establecimiento' })),
  },
}

export const ErrorAlCrear: Story = {
  args: { onCreate: fn(answerAfter(600, { ok: false, error: 'Alguno de los animales no existe' })) },
}
