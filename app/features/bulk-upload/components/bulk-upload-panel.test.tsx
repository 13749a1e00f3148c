import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster, toast } from '~/components/ui/toaster'
import type { BulkKind } from '../bulk-upload.templates'
import type { BulkSender, BulkUploadOutcome } from '../upload-client'
import { BulkUploadPanel } from './bulk-upload-panel'

const xlsx = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'pesadas.xlsx')

/** A sender the test drives: it reports progress, then answers when told. */
function controlledSender() {
  let report: (fraction: number) => void = () => {}
  let answer: (outcome: BulkUploadOutcome) => void = () => {}
  const send = vi.fn<BulkSender>(
    (_request, onProgress) =>
      new Promise((resolve) => {
        report = onProgress
        answer = resolve
      }),
  )
  return {
    send,
    progress: (fraction: number) => act(() => report(fraction)),
    answer: (outcome: BulkUploadOutcome) => act(() => answer(outcome)),
  }
}

function renderPanel(props: {
  kind?: BulkKind
  send: BulkSender
  sessionId?: number | null
  onUploaded?: () => void
}) {
  const queryClient = new QueryClient()
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
  const onOpenChange = vi.fn()
  render(
    <QueryClientProvider client={queryClient}>
      <BulkUploadPanel
        open
        onOpenChange={onOpenChange}
        kind={props.kind ?? 'weighing'}
        establishmentId={3}
        sessionId={props.sessionId === undefined ? 12 : props.sessionId}
        sessionSlot={<span>Selector de sesión</span>}
        send={props.send}
        onUploaded={props.onUploaded}
      />
      <Toaster />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), invalidate, onOpenChange }
}

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))
afterEach(() => {
  act(() => toast.dismiss())
})

describe('BulkUploadPanel', () => {
  it('muestra el título, el selector de sesión, la planilla de ejemplo y las recomendaciones', async () => {
    renderPanel({ send: vi.fn() })
    expect(await screen.findByRole('heading', { name: 'Nuevas Pesadas' })).toBeInTheDocument()
    expect(screen.getByText('Selector de sesión')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Descargar planilla de ejemplo' })).toHaveAttribute(
      'href',
      '/api/bulk-upload/templates/Pesada_Template.xlsx',
    )
    expect(screen.getByText('Recomendaciones')).toBeInTheDocument()
    expect(screen.getByLabelText('Selecciona el archivo:')).toHaveAttribute('type', 'file')
  })

  it('no muestra selector de sesión en la carga de animales', async () => {
    renderPanel({ kind: 'animals', send: vi.fn() })
    expect(await screen.findByRole('heading', { name: 'Nuevos Animales' })).toBeInTheDocument()
    expect(screen.queryByText('Selector de sesión')).toBeNull()
  })

  it('avisa que falta el archivo y no envía nada', async () => {
    const send = vi.fn<BulkSender>()
    const { user } = renderPanel({ send })
    await user.click(await screen.findByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Archivo no seleccionado')).toBeInTheDocument()
    expect(screen.getByText('Por favor, selecciona un archivo primero.')).toBeInTheDocument()
    expect(send).not.toHaveBeenCalled()
  })

  it('muestra el progreso mientras envía y refresca las listas al terminar', async () => {
    const sender = controlledSender()
    const onUploaded = vi.fn()
    const { user, invalidate } = renderPanel({ send: sender.send, onUploaded })
    const file = xlsx()
    await user.upload(await screen.findByLabelText('Selecciona el archivo:'), file)
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(sender.send).toHaveBeenCalledWith(
      { kind: 'weighing', file, establishmentId: 3, sessionId: 12 },
      expect.any(Function),
    )
    const busy = screen.getByRole('button', { name: /Enviando\.\.\./ })
    expect(busy).toBeDisabled()
    sender.progress(0.4)
    expect(screen.getByText('Subiendo el archivo… 40 %')).toBeInTheDocument()
    sender.progress(1)
    expect(screen.getByText('Procesando la planilla…')).toBeInTheDocument()
    sender.answer({ ok: true, created: 1234 })
    expect(await screen.findByText('Archivo cargado con éxito')).toBeInTheDocument()
    expect(screen.getByText('El archivo se ha cargado correctamente.')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Se guardaron 1.234 pesadas.')
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled()
    expect(onUploaded).toHaveBeenCalledWith(1234)
    const roots = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0])
    expect(roots).toEqual(expect.arrayContaining(['animals', 'events', 'sessions']))
  })

  it('deja la lista de problemas en el panel, no solo en el aviso', async () => {
    const sender = controlledSender()
    const { user } = renderPanel({ send: sender.send })
    await user.upload(await screen.findByLabelText('Selecciona el archivo:'), xlsx())
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    sender.answer({
      ok: false,
      error: 'La planilla tiene 202 errores: no se guardó ninguna fila. Se muestran los primeros 200.',
      rows: [
        { row: 2, column: 'IDV', message: 'No hay un animal vivo con IDV X-1 en el establecimiento' },
        { row: 5, column: 'Peso', message: 'Debe estar entre 10 y 1500 kg' },
      ],
      omitted: 2,
    })
    expect(await screen.findByText('Error al cargar el archivo')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Problemas de la planilla' })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'FilaColumnaProblema',
      '2IDVNo hay un animal vivo con IDV X-1 en el establecimiento',
      '5PesoDebe estar entre 10 y 1500 kg',
    ])
    expect(screen.getByRole('alert')).toHaveTextContent('La planilla tiene 202 errores')
    expect(
      screen.getByText('Y 2 problemas más: corrija estos y vuelva a enviar el archivo.'),
    ).toBeInTheDocument()
  })

  it('muestra "Ocurrió un error inesperado" si el envío falla sin respuesta', async () => {
    const send = vi.fn<BulkSender>(async () => {
      throw new Error('red caída')
    })
    const { user } = renderPanel({ send })
    await user.upload(await screen.findByLabelText('Selecciona el archivo:'), xlsx())
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await screen.findByText('Error al cargar el archivo')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByText('Ocurrió un error inesperado').length).toBeGreaterThan(0))
  })

  it('no se cierra mientras envía', async () => {
    const sender = controlledSender()
    const { user, onOpenChange } = renderPanel({ send: sender.send })
    await user.upload(await screen.findByLabelText('Selecciona el archivo:'), xlsx())
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    await user.keyboard('{Escape}')
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeDisabled()
    expect(onOpenChange).not.toHaveBeenCalled()
    sender.answer({ ok: true, created: 1 })
    await screen.findByText('Archivo cargado con éxito')
  })

  it('explica el formato con las columnas de la planilla y las reglas', async () => {
    const { user } = renderPanel({ kind: 'pregnancy-check', send: vi.fn() })
    await user.click(await screen.findByRole('button', { name: 'Formato de la planilla' }))
    const columns = await screen.findByRole('table', { name: 'Columnas de la planilla' })
    const headers = within(columns)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['IDV', 'IDE', 'Fecha', 'Diagnóstico', 'Ecografía', 'Toro IA'])
    expect(
      screen.getByText('Opciones de diagnóstico: Cabeza, Cuerpo, Cola, Vacia, IA, Embrión.'),
    ).toBeInTheDocument()
    expect(screen.getByText('GDR: valores de 1 a 4.')).toBeInTheDocument()
  })
})
