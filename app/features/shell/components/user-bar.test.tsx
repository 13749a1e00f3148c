import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '~/features/auth/auth.schema'
import { UserBar } from './user-bar'

const ana: SessionUser = {
  id: 7,
  name: 'Ana',
  surname: 'Pérez',
  email: 'ana@campo.com',
  must_change_password: 0,
}

const reminder = 'Necesita cambiar la contraseña'

describe('UserBar', () => {
  it('muestra nombre, apellido y correo del usuario', () => {
    render(<UserBar user={ana} onLogout={vi.fn()} />)
    expect(screen.getByText('Ana Pérez')).toBeInTheDocument()
    expect(screen.getByText('ana@campo.com')).toBeInTheDocument()
  })

  it('sin usuario muestra "Usuario Desconocido" y "Email no disponible"', () => {
    render(<UserBar user={undefined} onLogout={vi.fn()} />)
    expect(screen.getByText('Usuario Desconocido')).toBeInTheDocument()
    expect(screen.getByText('Email no disponible')).toBeInTheDocument()
  })

  it('con datos vacíos también usa los textos de reemplazo', () => {
    render(<UserBar user={{ ...ana, name: ' ', surname: '', email: '' }} onLogout={vi.fn()} />)
    expect(screen.getByText('Usuario Desconocido')).toBeInTheDocument()
    expect(screen.getByText('Email no disponible')).toBeInTheDocument()
  })

  it('muestra el botón pulsante solo cuando must_change_password es 1', () => {
    const { rerender } = render(<UserBar user={ana} onLogout={vi.fn()} />)
    expect(screen.queryByRole('link', { name: reminder })).not.toBeInTheDocument()

    rerender(<UserBar user={{ ...ana, must_change_password: 1 }} onLogout={vi.fn()} />)
    const button = screen.getByRole('link', { name: reminder })
    expect(button).toHaveAttribute('href', '/management/configuration/user-profile')
    expect(button.className).toMatch(/attention-pulse/)

    rerender(<UserBar user={undefined} onLogout={vi.fn()} />)
    expect(screen.queryByRole('link', { name: reminder })).not.toBeInTheDocument()
  })

  it('su menú lleva al perfil y pide confirmación antes de cerrar sesión', async () => {
    const user = userEvent.setup()
    const onLogout = vi.fn()
    render(<UserBar user={ana} onLogout={onLogout} />)

    await user.click(screen.getByRole('button', { name: /^Ana Pérez\s*ana@campo\.com$/ }))
    expect(await screen.findByRole('menuitem', { name: 'Mi perfil' })).toHaveAttribute(
      'href',
      '/management/configuration/user-profile',
    )
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }))

    const dialog = await screen.findByRole('alertdialog', { name: '¿Seguro que desea cerrar sesión?' })
    expect(dialog).toBeVisible()
    expect(onLogout).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Continuar' }))
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1))
  })
})
