import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { BulkSender } from '~/features/bulk-upload/upload-client'
import { sessionHeadersQueryOptions } from '~/features/cattle-handling/cattle-handling.queries'
import { EVENT_KIND_INFO, type EventKind } from '../event-kinds'
import { EventBulkPanel } from './event-bulk-panel'
import { EventRecordDialog } from './event-record-dialog'
import { exampleLookups, exampleServices } from './record-form.fixtures'

/** Spec section 2, "Bulk upload side panels": the title of each record form's upload. */
const TITLES: [EventKind, string][] = [
  ['preservice', 'Nuevas Pre-servicios'],
  ['artificial-insemination', 'Nuevas Inseminaciones'],
  ['pregnancy-check', 'Subir Archivos - Diag. Gestación'],
  ['weighing', 'Nuevas Pesadas'],
]

describe('la pestaña Masivo de los formularios de registro', () => {
  it.each(TITLES)('de %s se titula como su panel de carga masiva (%s)', async (kind, title) => {
    const queryClient = new QueryClient()
    // The session list is already cached: the selector shows it without calling the server.
    queryClient.setQueryData(sessionHeadersQueryOptions(1, EVENT_KIND_INFO[kind].work).queryKey, [
      { id: 5, name: 'Sesión de prueba' },
    ])
    render(
      <QueryClientProvider client={queryClient}>
        <EventRecordDialog
          open
          onOpenChange={vi.fn()}
          onClose={vi.fn()}
          kind={kind}
          establishmentId={1}
          lookups={exampleLookups}
          services={exampleServices({}, 0)}
          bulkPanel={<EventBulkPanel kind={kind} establishmentId={1} />}
        />
      </QueryClientProvider>,
    )
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Masivo' }))
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
    expect(screen.getByText('Selecciona el archivo:')).toBeInTheDocument()
    // The Individual tab keeps the record form's own title only.
    await user.click(screen.getByRole('tab', { name: 'Individual' }))
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument()
  })
})

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
      { kind: 'weighing', file, establishmentId: 3, sessionId: 41 },
      expect.any(Function),
    )
  })
})
