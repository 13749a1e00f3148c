import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { RodeoCreation } from '~/features/rodeos/components/rodeo-creation'
import { RODEO_MESSAGES, type Rodeo } from '~/features/rodeos/rodeos.schema'
import type { ActionResult } from '~/lib/action-result'

const RODEOS: Rodeo[] = [
  { id: 1, name: 'Cría', animals: 112 },
  { id: 2, name: 'Recría', animals: 48 },
  { id: 3, name: 'Toros', animals: 0 },
]

const answer = (result: ActionResult) => () => Promise.resolve(result)

const meta = {
  title: 'Configuración/RodeoCreation',
  component: RodeoCreation,
  args: { rodeos: RODEOS, canCreate: true, onCreate: fn(answer({ ok: true })) },
} satisfies Meta<typeof RodeoCreation>

export default meta
type Story = StoryObj<typeof meta>

/** An administrator: the list and the form. */
export const Administrador: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Rodeos del establecimiento' })
    await expect(within(table).getByRole('row', { name: 'Recría 48' })).toBeVisible()
    await userEvent.type(canvas.getByLabelText('Nombre del rodeo'), '  Invernada ')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear rodeo' }))
    await expect(args.onCreate).toHaveBeenCalledWith('Invernada')
    await expect(canvas.getByLabelText('Nombre del rodeo')).toHaveValue('')
  },
}

/** A blank or too long name is refused under the field, before anything is sent. */
export const NombreInvalido: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nombre del rodeo'), '   ')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear rodeo' }))
    await expect(await canvas.findByText(RODEO_MESSAGES.nameRequired)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
  },
}

/** The server's refusal of a taken name shows under the field, and goes once the name changes. */
export const NombreRepetido: Story = {
  args: { onCreate: fn(answer({ ok: false, error: RODEO_MESSAGES.duplicate('Cría') })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const name = canvas.getByLabelText('Nombre del rodeo')
    await userEvent.type(name, 'cría')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear rodeo' }))
    await expect(await canvas.findByText(RODEO_MESSAGES.duplicate('Cría'))).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(name, 's')
    await expect(canvas.queryByText(RODEO_MESSAGES.duplicate('Cría'))).toBeNull()
  },
}

/** A plain member: the list, and why there is no form. */
export const Usuario: Story = {
  args: { canCreate: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText(/Solo un administrador del establecimiento puede crear rodeos/),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Crear rodeo' })).toBeNull()
  },
}

export const SinRodeos: Story = { args: { rodeos: [] } }
