import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Toaster, toast } from './toaster'

/**
 * Its own file, so sonner is not loaded yet: toasts raised before the region exists wait for it
 * (decision 041: the toaster loads with the first toast, not with every page).
 */
describe('Toaster loaded with the first toast', () => {
  it('renders nothing until a toast is raised', () => {
    const { container } = render(<Toaster />)
    expect(container).toBeEmptyDOMElement()
    expect(screen.queryByRole('region', { name: 'Notificaciones' })).not.toBeInTheDocument()
  })

  it('shows toasts raised before the region has loaded, and drops a queued one dismissed meanwhile', async () => {
    render(<Toaster />)
    let dropped: string | number = ''
    act(() => {
      toast.success('Primero')
      dropped = toast.error('Descartado')
      toast.dismiss(dropped)
      toast('Segundo', { description: 'con detalle' })
    })
    expect(await screen.findByText('Primero')).toBeInTheDocument()
    expect(await screen.findByText('Segundo')).toBeInTheDocument()
    expect(screen.getByText('con detalle')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Notificaciones' })).toBeInTheDocument()
    expect(screen.queryByText('Descartado')).not.toBeInTheDocument()
    expect(dropped).toMatch(/^toast-/)
  })
})
