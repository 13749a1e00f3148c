import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ForgotPasswordDialog } from './forgot-password-dialog'
import { LoginPageView } from './login-page-view'

const sentMessage = 'Se ha enviado un correo para restablecer su contraseña.'

// Ark removes an unmounted dialog's dismiss layer on a later tick; until then it would still take
// the next test's clicks as clicks outside itself.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

async function openDialog(onSubmit = vi.fn(() => Promise.resolve())) {
  const user = userEvent.setup()
  render(<ForgotPasswordDialog onSubmit={onSubmit} />)
  await user.click(screen.getByRole('button', { name: '¿Olvidó su contraseña?' }))
  const dialog = await screen.findByRole('dialog', { name: 'Restablecer Contraseña' })
  return { user, onSubmit, dialog, email: screen.getByLabelText('Correo electrónico') }
}

describe('ForgotPasswordDialog', () => {
  it('se abre desde "¿Olvidó su contraseña?" con un campo de correo', async () => {
    const { dialog, email } = await openDialog()
    expect(dialog).toBeVisible()
    expect(email).toHaveAttribute('type', 'email')
  })

  it('valida el correo antes de enviarlo', async () => {
    const { user, email, onSubmit } = await openDialog()
    await user.type(email, 'no-es-un-correo')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Ingrese un correo electrónico válido')).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('muestra el mensaje de la especificación cuando se envió el correo', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user, email } = await openDialog(onSubmit)
    await user.type(email, 'ana@campo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))

    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ana@campo.com' })
    finish()
    expect(await screen.findByText(sentMessage)).toBeVisible()
    expect(screen.queryByLabelText('Correo electrónico')).not.toBeInTheDocument()
  })

  it('si el envío falla no muestra nada y deja reintentar', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('falló')))
    const { user, email } = await openDialog(onSubmit)
    await user.type(email, 'ana@campo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))

    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(await screen.findByRole('button', { name: 'Enviar' })).toBeEnabled()
    expect(screen.queryByText(sentMessage)).not.toBeInTheDocument()
  })
})

describe('LoginPageView', () => {
  it('ofrece "¿Olvidó su contraseña?" bajo el formulario de inicio de sesión', async () => {
    const user = userEvent.setup()
    const onRequestPasswordReset = vi.fn(() => Promise.resolve())
    render(<LoginPageView onRequestPasswordReset={onRequestPasswordReset} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: '¿Olvidó su contraseña?' }))
    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@campo.com')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText(sentMessage)).toBeVisible()
    expect(onRequestPasswordReset).toHaveBeenCalledWith({ email: 'ana@campo.com' })
  })
})
