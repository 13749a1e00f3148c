import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { THEME_STORAGE_KEY } from '~/components/ui/theme'
import { EstablishmentDialog } from './establishment-dialog'

// Ark removes an unmounted dialog's dismiss layer on a later tick; until then it would still take
// the next test's clicks as clicks outside itself.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))
afterEach(() => localStorage.clear())

async function openDialog(onChangeEstablishment: () => void | Promise<void> = vi.fn()) {
  const user = userEvent.setup()
  const onKeepSessionChange = vi.fn()
  render(
    <EstablishmentDialog
      establishmentName="La Esperanza"
      establishmentId={7}
      keepSession={false}
      onKeepSessionChange={onKeepSessionChange}
      onChangeEstablishment={onChangeEstablishment}
    />,
  )
  await user.click(screen.getByRole('button', { name: /La Esperanza/ }))
  await screen.findByRole('dialog', { name: 'La Esperanza' })
  return { user, onKeepSessionChange, onChangeEstablishment }
}

describe('EstablishmentDialog', () => {
  it('enlaza la configuración del establecimiento, nombrándolo en la dirección', async () => {
    await openDialog()
    expect(screen.getByRole('link', { name: 'Configuración del establecimiento' })).toHaveAttribute(
      'href',
      '/management/establishment/configuration?establecimiento=7',
    )
  })

  it('elige el tema entre Claro, Oscuro y Sistema', async () => {
    const { user } = await openDialog()
    const group = screen.getByRole('radiogroup', { name: 'Tema' })
    expect(group).toBeVisible()
    expect(screen.getByRole('radio', { name: 'Sistema' })).toBeChecked()

    await user.click(screen.getByText('Oscuro'))
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('oscuro')
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Oscuro' })).toBeChecked())
  })

  it('informa el interruptor "Mantener sesión iniciada"', async () => {
    const { user, onKeepSessionChange } = await openDialog()
    const toggle = screen.getByRole('switch', { name: 'Mantener sesión iniciada' })
    expect(toggle).not.toBeChecked()
    await user.click(toggle)
    expect(onKeepSessionChange).toHaveBeenCalledWith(true)
  })

  it('pide confirmación antes de cambiar de establecimiento', async () => {
    const { user, onChangeEstablishment } = await openDialog()
    await user.click(screen.getByRole('button', { name: 'Cambiar establecimiento' }))

    const confirmation = await screen.findByRole('alertdialog', { name: '¿Cambiar de establecimiento?' })
    expect(confirmation).toHaveTextContent('Los cambios no guardados se perderán.')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onChangeEstablishment).not.toHaveBeenCalled()
    expect(await screen.findByRole('button', { name: 'Cambiar establecimiento' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Cambiar establecimiento' }))
    await user.click(await screen.findByRole('button', { name: 'Continuar' }))
    expect(onChangeEstablishment).toHaveBeenCalledTimes(1)
  })
})
