import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoginForm } from './login-form'

const usernameError = 'El nombre de usuario debe tener al menos 2 caracteres.'
const passwordError = 'La contraseña debe tener al menos 8 caracteres.'

function renderForm(onSubmit = vi.fn()) {
  const user = userEvent.setup()
  render(<LoginForm onSubmit={onSubmit} />)
  return {
    user,
    onSubmit,
    username: screen.getByLabelText('Usuario'),
    password: screen.getByLabelText('Contraseña'),
    submit: screen.getByRole('button', { name: 'Ingresar' }),
  }
}

describe('LoginForm', () => {
  it('muestra los campos Usuario y Contraseña', () => {
    const { username, password } = renderForm()
    expect(username).toHaveAttribute('type', 'email')
    expect(username).toHaveAttribute('name', 'username')
    expect(password).toHaveAttribute('type', 'password')
    expect(password).toHaveAttribute('name', 'password')
  })

  it('muestra los mensajes de validación al enviar datos demasiado cortos', async () => {
    const { user, username, password, submit, onSubmit } = renderForm()
    await user.type(username, 'a')
    await user.type(password, '1234567')
    await user.click(submit)

    expect(await screen.findByText(usernameError)).toBeVisible()
    expect(screen.getByText(passwordError)).toBeVisible()
    expect(username).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('valida un campo al salir de él, sin marcar el otro', async () => {
    const { user, username, password } = renderForm()
    await user.type(username, 'a')
    await user.click(password)

    expect(await screen.findByText(usernameError)).toBeVisible()
    expect(screen.queryByText(passwordError)).not.toBeInTheDocument()
  })

  it('envía los valores cuando son válidos', async () => {
    const { user, username, password, submit, onSubmit } = renderForm()
    await user.type(username, 'ana@campo.com')
    await user.type(password, 'secreta123')
    await user.click(submit)

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ username: 'ana@campo.com', password: 'secreta123' }),
    )
    expect(screen.queryByText(usernameError)).not.toBeInTheDocument()
    expect(screen.queryByText(passwordError)).not.toBeInTheDocument()
  })

  it('muestra "Enviando..." mientras se envía', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user, username, password, submit } = renderForm(onSubmit)
    await user.type(username, 'ana@campo.com')
    await user.type(password, 'secreta123')
    await user.click(submit)

    const busy = await screen.findByRole('button', { name: 'Enviando...' })
    expect(busy).toBeDisabled()
    finish()
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeEnabled()
  })

  it('quita el error de un campo cuando se corrige', async () => {
    const { user, username, submit } = renderForm()
    await user.click(submit)
    expect(await screen.findByText(usernameError)).toBeVisible()

    await user.type(username, 'ana@campo.com')
    await user.tab()
    await waitFor(() => expect(screen.queryByText(usernameError)).not.toBeInTheDocument())
  })
})
