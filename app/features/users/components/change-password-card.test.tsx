import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ChangePasswordCard } from './change-password-card'

const messages = {
  currentRequired: 'La contraseña actual es obligatoria',
  tooShort: 'La nueva contraseña debe tener al menos 8 caracteres',
  weak: 'Debe contener al menos una mayúscula, una minúscula y un número',
  mismatch: 'Las contraseñas no coinciden',
}

function renderCard(onSubmit = vi.fn(() => Promise.resolve())) {
  const user = userEvent.setup()
  render(<ChangePasswordCard onSubmit={onSubmit} />)
  return {
    user,
    onSubmit,
    current: screen.getByLabelText('Contraseña actual'),
    next: screen.getByLabelText('Nueva contraseña'),
    confirm: screen.getByLabelText('Confirmar contraseña'),
    submit: screen.getByRole('button', { name: 'Cambiar contraseña' }),
  }
}

describe('ChangePasswordCard', () => {
  it('se titula "Cambiar Contraseña" y tiene los tres campos de contraseña', () => {
    const { current, next, confirm } = renderCard()
    expect(screen.getByRole('heading', { name: 'Cambiar Contraseña' })).toBeVisible()
    for (const input of [current, next, confirm]) expect(input).toHaveAttribute('type', 'password')
  })

  it('mantiene el envío deshabilitado hasta que el formulario cambia', async () => {
    const { user, current, submit } = renderCard()
    expect(submit).toBeDisabled()
    await user.type(current, 'x')
    expect(submit).toBeEnabled()
    await user.clear(current)
    expect(submit).toBeDisabled()
  })

  it('exige la contraseña actual', async () => {
    const { user, current, next } = renderCard()
    await user.type(current, 'x')
    await user.clear(current)
    await user.click(next)
    expect(await screen.findByText(messages.currentRequired)).toBeVisible()
    expect(current).toHaveAttribute('aria-invalid', 'true')
  })

  it('exige al menos 8 caracteres en la nueva contraseña', async () => {
    const { user, next, confirm } = renderCard()
    await user.type(next, 'Ab1')
    await user.click(confirm)
    expect(await screen.findByText(messages.tooShort)).toBeVisible()
  })

  it('exige una mayúscula, una minúscula y un número', async () => {
    const { user, next, confirm } = renderCard()
    await user.type(next, 'sinmayusculas1')
    await user.click(confirm)
    expect(await screen.findByText(messages.weak)).toBeVisible()
    expect(screen.queryByText(messages.tooShort)).not.toBeInTheDocument()
  })

  it('exige que la confirmación coincida', async () => {
    const { user, next, confirm, current } = renderCard()
    await user.type(next, 'Nueva1234')
    await user.type(confirm, 'Nueva12345')
    await user.click(current)
    expect(await screen.findByText(messages.mismatch)).toBeVisible()

    await user.clear(confirm)
    await user.type(confirm, 'Nueva1234')
    await user.click(current)
    await waitFor(() => expect(screen.queryByText(messages.mismatch)).not.toBeInTheDocument())
  })

  it('al enviar incompleto muestra los mensajes y no envía', async () => {
    const { user, next, submit, onSubmit } = renderCard()
    await user.type(next, 'abc')
    await user.click(submit)
    expect(await screen.findByText(messages.currentRequired)).toBeVisible()
    expect(screen.getByText(messages.tooShort)).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('envía la contraseña actual y la nueva, muestra "Enviando..." y luego vacía los campos', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const { user, current, next, confirm, submit } = renderCard(onSubmit)
    await user.type(current, 'Anterior123')
    await user.type(next, 'Nueva1234')
    await user.type(confirm, 'Nueva1234')
    await user.click(submit)

    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    expect(onSubmit).toHaveBeenCalledWith({ current_password: 'Anterior123', new_password: 'Nueva1234' })
    finish()
    await waitFor(() => expect(current).toHaveValue(''))
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeDisabled()
  })

  it('si el cambio falla conserva lo escrito', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('rechazado')))
    const { user, current, next, confirm, submit } = renderCard(onSubmit)
    await user.type(current, 'Anterior123')
    await user.type(next, 'Nueva1234')
    await user.type(confirm, 'Nueva1234')
    await user.click(submit)

    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(await screen.findByRole('button', { name: 'Cambiar contraseña' })).toBeEnabled()
    expect(next).toHaveValue('Nueva1234')
  })

  it('envía después de corregir los errores que mostró', async () => {
    const { user, onSubmit, current, next, confirm, submit } = renderCard()
    await user.type(current, 'Actual123')
    await user.type(next, 'corta')
    await user.type(confirm, 'otra')
    await user.tab()
    expect(await screen.findByText(messages.tooShort)).toBeVisible()
    await user.clear(next)
    await user.type(next, 'Cambiada123')
    await user.clear(confirm)
    await user.type(confirm, 'Cambiada123')
    await user.click(submit)
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ current_password: 'Actual123', new_password: 'Cambiada123' }),
    )
  })
})
