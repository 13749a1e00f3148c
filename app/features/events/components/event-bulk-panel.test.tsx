import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { BulkSender } from '~/features/bulk-upload/upload-client'
import { EventBulkPanel } from './event-bulk-panel'

describe('EventBulkPanel (pestaña Masivo)', () => {
  it('usa la sesión fijada por el formulario, solo para leer, y envía el archivo a esa sesión', async () => {
    const user = userEvent.setup()
    const send = vi.fn<BulkSender>(async () => ({ ok: true, created: 1 }))
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EventBulkPanel
          kind="weighing"
          establishmentId={3}
          fixedSession={{ id: 41, name: 'Pesada abril' }}
          send={send}
        />
      </QueryClientProvider>,
    )
    const session = screen.getByLabelText('Sesión')
    expect(session).toHaveValue('Pesada abril')
    expect(session).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Crear Sesión' })).not.toBeInTheDocument()
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'pesadas.xlsx')
    await user.upload(screen.getByLabelText('Selecciona el archivo:'), file)
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(send).toHaveBeenCalledWith(
      { kind: 'weighings', file, establishmentId: 3, sessionId: 41 },
      expect.any(Function),
    )
  })
})
