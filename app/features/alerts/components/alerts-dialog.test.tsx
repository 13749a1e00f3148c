import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActionResult } from '~/lib/action-result'
import type { Alert } from '../alerts.schema'
import { AlertsDialog } from './alerts-dialog'

const alerts: Alert[] = [41, 40].map((id) => ({
  id,
  animal_id: `00000000-0000-4000-8000-0000000000${id}`,
  description: id === 41 ? 'revisar pezuña' : 'vender',
  active: 1,
  read_at: null,
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  visual_tag: id === 41 ? '1201' : null,
}))

function renderDialog(selectedCount: number) {
  const props = {
    onOpenChange: vi.fn(),
    onCreate: vi.fn(async (): Promise<ActionResult> => ({ ok: true })),
    onMarkRead: vi.fn(async (): Promise<ActionResult> => ({ ok: true })),
    onFiltersChange: vi.fn(),
  }
  render(
    <AlertsDialog
      open
      selectedCount={selectedCount}
      alerts={alerts}
      total={alerts.length}
      filters={{ visual_tag: '', description: '' }}
      {...props}
    />,
  )
  return { user: userEvent.setup(), ...props }
}

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('AlertsDialog', () => {
  it('sin selección abre en Gestionar Alertas, con Nueva Alerta deshabilitada', async () => {
    const { user, onMarkRead } = renderDialog(0)
    expect(await screen.findByText('seleccione Animales para agregar alertas')).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Nueva Alerta' })).toBeDisabled()
    expect(screen.getByRole('tab', { name: 'Gestionar Alertas' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('N/A')).toBeTruthy()
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las alertas' }))
    await user.click(screen.getByRole('button', { name: 'Marcar como leídas (2)' }))
    await waitFor(() => expect(onMarkRead).toHaveBeenCalledWith([41, 40]))
  })

  it('con animales seleccionados abre en Nueva Alerta y crea la alerta', async () => {
    const { user, onCreate, onOpenChange } = renderDialog(3)
    expect(await screen.findByText('Animales seleccionados: 3')).toBeTruthy()
    const submit = screen.getByRole('button', { name: 'Crear alerta' })
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText('Descripción'), '  vender  ')
    await user.click(submit)
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith('vender'))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
