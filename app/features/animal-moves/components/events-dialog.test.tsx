import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ActionResult } from '~/lib/action-result'
import { EventsDialog } from './events-dialog'

const animals = [
  { id: '00000000-0000-4000-8000-000000000001', visualTag: '1201' },
  { id: '00000000-0000-4000-8000-000000000002', visualTag: '1202' },
]

function renderDialog(onApply = vi.fn(async (): Promise<ActionResult> => ({ ok: true }))) {
  const onOpenChange = vi.fn()
  render(
    <EventsDialog
      open
      onOpenChange={onOpenChange}
      animals={animals}
      rodeos={[{ id: 7, description: 'Recría' }]}
      categories={[{ id: 3, description: 'Toro' }]}
      onApply={onApply}
    />,
  )
  return { user: userEvent.setup(), onApply, onOpenChange }
}

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('EventsDialog', () => {
  it('no aplica sin un rodeo elegido', async () => {
    const { user, onApply } = renderDialog()
    const apply = await screen.findByRole('button', { name: 'Aplicar' })
    expect(apply).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Nuevo rodeo'), 'Recría')
    expect(apply).toBeEnabled()
    expect(onApply).not.toHaveBeenCalled()
  })

  it('deja quitar animales salvo el último, y mueve solo los que quedan', async () => {
    const { user, onApply, onOpenChange } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Quitar 1202' }))
    expect(screen.queryByText('1202')).toBeNull()
    expect(screen.getByRole('button', { name: 'Quitar 1201' })).toBeDisabled()
    await user.click(screen.getByRole('tab', { name: 'Cambio de categoría' }))
    await user.selectOptions(screen.getByLabelText('Nueva categoría'), 'Toro')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(onApply).toHaveBeenCalledWith('type', 3, [animals[0]?.id])
  })

  it('queda abierto si el servidor rechaza el cambio', async () => {
    const { user, onOpenChange } = renderDialog(
      vi.fn(async (): Promise<ActionResult> => ({ ok: false, error: 'x' })),
    )
    await user.selectOptions(await screen.findByLabelText('Nuevo rodeo'), 'Recría')
    await user.click(screen.getByRole('button', { name: 'Aplicar' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Aplicar' })).toBeEnabled())
    expect(onOpenChange).not.toHaveBeenCalled()
  })
})
