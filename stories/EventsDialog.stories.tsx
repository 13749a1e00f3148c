import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { EventsDialog } from '~/features/animal-moves/components/events-dialog'
import type { ActionResult } from '~/lib/action-result'

const animals = [
  { id: '6f1c1d2e-0000-4000-8000-000000000001', visualTag: '1201' },
  { id: '6f1c1d2e-0000-4000-8000-000000000002', visualTag: '1202' },
  { id: '6f1c1d2e-0000-4000-8000-000000000003', visualTag: '1315' },
]
const rodeos = [
  { id: 1, description: 'General' },
  { id: 2, description: 'Recría' },
  { id: 3, description: 'Vaquillonas' },
]
const categories = [
  { id: 1, description: 'Vaca' },
  { id: 2, description: 'Ternero' },
  { id: 5, description: 'Vaq 1 serv' },
]

/** Answers `result` after `ms`, like a server function on a slow connection. */
function answerAfter(ms: number, result: ActionResult) {
  return () => new Promise<ActionResult>((resolve) => setTimeout(() => resolve(result), ms))
}

const meta = {
  title: 'Animales/EventsDialog',
  component: EventsDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    animals,
    rodeos,
    categories,
    onApply: fn(answerAfter(1500, { ok: true })),
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <EventsDialog
        {...args}
        open={open}
        onOpenChange={(next) => {
          setOpen(next)
          args.onOpenChange(next)
        }}
      />
    )
  },
} satisfies Meta<typeof EventsDialog>

export default meta
type Story = StoryObj<typeof meta>

/** 'Cambio de Rodeo' with three animals: 'Aplicar' waits for a rodeo. */
export const CambioDeRodeo: Story = {
  play: async () => {
    const body = within(document.body)
    await expect(await body.findByRole('button', { name: 'Aplicar' })).toBeDisabled()
  },
}

export const CambioDeCategoria: Story = {
  play: async () => {
    const body = within(document.body)
    await userEvent.click(await body.findByRole('tab', { name: 'Cambio de categoría' }))
    await expect(await body.findByLabelText('Nueva categoría')).toBeVisible()
  },
}

/** The last animal cannot be taken off the list. */
export const UnSoloAnimal: Story = { args: { animals: animals.slice(0, 1) } }

/** A selection spanning pages while its tags load. */
export const CargandoAnimales: Story = { args: { animals: [], loadingAnimals: true } }

/** The server refused the move: 'Error al actualizar Rodeo/s' with its message. */
export const ErrorDelServidor: Story = {
  args: {
    onApply: fn(
      answerAfter(800, {
        ok: false,
        error:
          'Alguno de los animales no existe, fue eliminado o es de otro establecimiento: no se modificó ninguno',
      }),
    ),
  },
}
