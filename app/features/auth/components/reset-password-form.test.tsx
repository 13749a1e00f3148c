import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ResetPasswordForm } from './reset-password-form'

const token = 'a'.repeat(40)

function renderForm(onSubmit = vi.fn(() => Promise.resolve()), withToken = token) {
  const user = userEvent.setup()
  render(<ResetPasswordForm token={withToken} onSubmit={onSubmit} />)
  return { user, onSubmit }
}

describe('ResetPasswordForm', () => {
  it('valida la nueva contraseña y su confirmación con los mensajes de la especificación', async () => {
    const { user, onSubmit } = renderForm()
    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'otra')
    await user.click(screen.getByRole('button', { name: 'Restablecer' }))

    expect(await screen.findByText('La nueva contraseña debe tener al menos 8 caracteres')).toBeVisible()
    expect(screen.getByText('Las contraseñas no coinciden')).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('envía el token y la nueva contraseña y ofrece ir a iniciar sesión', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user } = renderForm(onSubmit)
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva1234')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234')
    await user.click(screen.getByRole('button', { name: 'Restablecer' }))

    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    expect(onSubmit).toHaveBeenCalledWith({ token, new_password: 'Nueva1234' })
    finish()
    expect(await screen.findByRole('link', { name: 'Ir a Iniciar Sesión' })).toHaveAttribute(
      'href',
      '/management/login',
    )
    expect(screen.getByText('Contraseña modificada exitosamente')).toBeVisible()
  })

  it('muestra el error devuelto y deja reintentar', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('El enlace venció.')))
    const { user } = renderForm(onSubmit)
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva1234')
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234')
    await user.click(screen.getByRole('button', { name: 'Restablecer' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace venció.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Restablecer' })).toBeEnabled())
  })

  it('con un enlace inválido no muestra el formulario', () => {
    renderForm(vi.fn(), 'corto')
    expect(screen.getByRole('alert')).toHaveTextContent('El enlace no es válido')
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ir a Iniciar Sesión' })).toBeVisible()
  })
})
