import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_VISIBLE_TOASTS, Toaster, toast } from './toaster'

afterEach(() => {
  act(() => toast.dismiss())
})

describe('Toaster', () => {
  it('anuncia sus notificaciones en español', async () => {
    render(<Toaster />)
    act(() => {
      toast('Guardado')
    })
    expect(await screen.findByText('Guardado')).toBeVisible()
    expect(screen.getByRole('region', { name: 'Notificaciones' })).toBeInTheDocument()
  })

  it(`muestra a lo sumo ${MAX_VISIBLE_TOASTS} notificaciones a la vez`, async () => {
    render(<Toaster />)
    act(() => {
      for (let index = 1; index <= 7; index++) toast(`Aviso ${index}`)
    })
    await screen.findByText('Aviso 7')
    const shown = () => document.querySelectorAll('[data-sonner-toast][data-visible="true"]')
    await waitFor(() => expect(shown()).toHaveLength(MAX_VISIBLE_TOASTS))
  })

  it('quita cada notificación a los 2 segundos', async () => {
    render(<Toaster />)
    act(() => {
      toast('Pasajero')
    })
    expect(await screen.findByText('Pasajero')).toBeVisible()
    await waitFor(() => expect(screen.queryByText('Pasajero')).not.toBeInTheDocument(), { timeout: 3500 })
  })
})
