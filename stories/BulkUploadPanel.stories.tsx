import type { Meta, StoryObj } from '@storybook/react-vite'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { styled } from 'styled-system/jsx'
import { NativeSelect } from '~/components/ui/native-select'
import { BulkUploadForm, BulkUploadPanel } from '~/features/bulk-upload/components/bulk-upload-panel'
import type { BulkSender, BulkUploadOutcome } from '~/features/bulk-upload/upload-client'

/** Reports progress in steps for `ms`, then answers `outcome`, like a slow upload. */
function slowSender(ms: number, outcome: BulkUploadOutcome): BulkSender {
  return async (_request, onProgress) => {
    for (let step = 1; step <= 10; step++) {
      await new Promise((resolve) => setTimeout(resolve, ms / 10))
      onProgress(step / 10)
    }
    await new Promise((resolve) => setTimeout(resolve, 600))
    return outcome
  }
}

/** Never answers: the panel stays in 'Enviando...' with 40 % sent. */
const stuckSender: BulkSender = (_request, onProgress) => {
  onProgress(0.4)
  return new Promise(() => {})
}

const problems: BulkUploadOutcome = {
  ok: false,
  error: 'La planilla tiene 204 errores: no se guardó ninguna fila. Se muestran los primeros 200.',
  rows: [
    { row: 2, column: 'IDV', message: 'No hay un animal vivo con IDV 1207 en el establecimiento' },
    { row: 3, column: 'Peso', message: 'Debe estar entre 10 y 1500 kg' },
    { row: 5, column: 'Fecha', message: 'La fecha no puede ser futura' },
    { row: 9, column: 'IDE', message: 'Debe tener 15 caracteres' },
    { row: 11, column: 'IDV', message: 'El animal está repetido: ya está en la fila 4' },
    { row: 14, column: 'Momento de pesada', message: 'Valor no válido. Opciones: Nacimiento, Destete, Año' },
  ],
  omitted: 4,
}

/** Stands in for the session selector the Manga forms provide. */
function SessionSlot() {
  return (
    <>
      <styled.label htmlFor="story-session" textStyle="sm" fontWeight="medium">
        Sesión
      </styled.label>
      <NativeSelect id="story-session" defaultValue="12">
        <option value="">Seleccione una sesión</option>
        <option value="12">Pesada destete marzo</option>
      </NativeSelect>
    </>
  )
}

const queryClient = new QueryClient()

const meta = {
  title: 'Masivo/BulkUploadPanel',
  component: BulkUploadPanel,
  decorators: [
    (Story) => (
      <QueryClientProvider client={queryClient}>
        <Story />
      </QueryClientProvider>
    ),
  ],
  args: {
    open: true,
    onOpenChange: fn(),
    kind: 'weighing',
    establishmentId: 1,
    sessionId: 12,
    sessionSlot: <SessionSlot />,
    send: fn(slowSender(2000, { ok: true, created: 1250 })),
    onUploaded: fn(),
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <BulkUploadPanel
        {...args}
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          args.onOpenChange(next)
        }}
      />
    )
  },
} satisfies Meta<typeof BulkUploadPanel>

export default meta
type Story = StoryObj<typeof meta>

/** 'Nuevas Pesadas', waiting for a file: 'Enviar' without one shows 'Archivo no seleccionado'. */
export const Inicial: Story = {
  play: async () => {
    const body = within(document.body)
    await userEvent.click(await body.findByRole('button', { name: 'Enviar' }))
    await expect(await body.findByText('Archivo no seleccionado')).toBeVisible()
  },
}

/** A file on its way: 'Enviando...' and the share of the file sent. */
export const Enviando: Story = {
  args: { send: fn(stuckSender), initialState: { status: 'sending', progress: 0.4 } },
}

/** Every row recorded. */
export const Exito: Story = {
  args: { initialState: { status: 'success', created: 1250 } },
}

/** The file was refused: the problems by row and column stay in the panel. */
export const ConErrores: Story = {
  args: {
    send: fn(slowSender(800, problems)),
    initialState: problems.ok ? undefined : { status: 'failed', ...problems },
  },
  play: async () => {
    const body = within(document.body)
    await expect(await body.findByText('Debe estar entre 10 y 1500 kg')).toBeVisible()
  },
}

/** The help dialog with the format rules and the template's columns. */
export const AyudaDeFormato: Story = {
  args: { kind: 'pregnancy-check' },
  play: async () => {
    const body = within(document.body)
    await userEvent.click(await body.findByRole('button', { name: 'Formato de la planilla' }))
    await expect(await body.findByText('Reglas de formato')).toBeVisible()
  },
}

export const Preservicios: Story = { args: { kind: 'preservice' } }
export const Inseminaciones: Story = { args: { kind: 'artificial-insemination' } }

/**
 * The form embedded in a record dialog's 'Masivo' tab (no side panel): the spec's panel title is
 * its heading.
 */
export const EnPestanaMasivo: Story = {
  render: (args) => (
    <styled.div maxW="3xl" p="6" bg="bg.default" borderRadius="l3">
      <BulkUploadForm
        kind={args.kind}
        establishmentId={args.establishmentId}
        sessionId={args.sessionId}
        sessionSlot={args.sessionSlot}
        send={args.send}
        title="Nuevas Pesadas"
      />
    </styled.div>
  ),
  play: async () => {
    const body = within(document.body)
    await expect(await body.findByRole('heading', { name: 'Nuevas Pesadas' })).toBeVisible()
  },
}

/** 'Nuevos Animales': no session. */
export const Animales: Story = { args: { kind: 'animals', sessionSlot: undefined, sessionId: undefined } }
