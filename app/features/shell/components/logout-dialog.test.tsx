import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { LogoutDialog } from './logout-dialog'

function renderDialog(onConfirm: () => void | Promise<void> = vi.fn()) {
  const onOpenChange = vi.fn()
  const user = userEvent.setup()
  render(<LogoutDialog open onOpenChange={onOpenChange} onConfirm={onConfirm} />)
  return { user, onOpenChange, onConfirm }
}

// Ark removes an unmounted dialog's dismiss layer on a later tick; until then it would still take
// the next test's clicks as clicks outside itself.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('LogoutDialog', () => {
  it('explica que se vuelve al inicio de sesión y se pierde lo no guardado', async () => {
    renderDialog()
    const dialog = await screen.findByRole('alertdialog', { name: '¿Seguro que desea cerrar sesión?' })
    expect(dialog).toHaveTextContent(/redirigido a la página de inicio de sesión/)
    expect(dialog).toHaveTextContent(/se perderá el trabajo que no haya guardado/)
  })

  it('Cancelar cierra el diálogo sin cerrar sesión', async () => {
    const { user, onOpenChange, onConfirm } = renderDialog()
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('Continuar cierra la sesión y espera sin dejar cancelar', async () => {
    let finish: () => void = () => {}
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user, onOpenChange } = renderDialog(onConfirm)

    await user.click(await screen.findByRole('button', { name: 'Continuar' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
    await user.keyboard('{Escape}')
    expect(onOpenChange).not.toHaveBeenCalled()

    finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled())
  })
})
