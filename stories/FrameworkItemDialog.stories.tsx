import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FrameworkItemDialog } from '~/features/framework/components/framework-item-dialog'
import { FRAMEWORK_MESSAGES } from '~/features/framework/framework.schema'
import type { ActionResult } from '~/lib/action-result'

const answer = (result: ActionResult) => () => Promise.resolve(result)

const meta = {
  title: 'Configuración/FrameworkItemDialog',
  component: FrameworkItemDialog,
  args: {
    kind: 'bulls',
    open: true,
    onOpenChange: fn(),
    breeds: [
      { value: 1, label: 'Angus' },
      { value: 2, label: 'Hereford' },
    ],
    onSave: fn(answer({ ok: true })),
  },
} satisfies Meta<typeof FrameworkItemDialog>

export default meta
type Story = StoryObj<typeof meta>

/** A new bull: alias, breed and registration, trimmed by the one schema before it is sent. */
export const AgregarToro: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Agregar toro' })
    const body = within(dialog)
    await userEvent.type(body.getByLabelText('Alias'), '  Pampero ')
    await userEvent.selectOptions(body.getByLabelText('Raza'), 'Angus')
    await userEvent.click(body.getByRole('button', { name: 'Agregar' }))
    await expect(args.onSave).toHaveBeenCalledWith({ alias: 'Pampero', breed_id: 1, registration: null })
  },
}

/** A blank alias is refused under the field before anything is sent. */
export const AliasVacio: Story = {
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Agregar toro' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }))
    await expect(await within(dialog).findByText('El alias del toro es obligatorio')).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

/** The server's duplicate refusal shows under the name. */
export const NombreRepetido: Story = {
  args: { onSave: fn(answer({ ok: false, error: FRAMEWORK_MESSAGES.duplicate('bulls', 'Pampero', true) })) },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Agregar toro' })
    await userEvent.type(within(dialog).getByLabelText('Alias'), 'PAMPERO')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }))
    await expect(
      await within(dialog).findByText(FRAMEWORK_MESSAGES.duplicate('bulls', 'Pampero', true)),
    ).toBeVisible()
  },
}

/** Editing an inseminator starts from its values. */
export const EditarInseminador: Story = {
  args: {
    kind: 'inseminators',
    item: { id: 4, first_name: 'Nora', last_name: 'Vidal', archived: false, uses: 2 },
  },
  play: async ({ args }) => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Editar inseminador' })
    const last = within(dialog).getByLabelText('Apellido')
    await expect(last).toHaveValue('Vidal')
    await userEvent.clear(last)
    await userEvent.type(last, 'Vidal Ruiz')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }))
    await expect(args.onSave).toHaveBeenCalledWith({ first_name: 'Nora', last_name: 'Vidal Ruiz' })
  },
}

export const AgregarRecorredor: Story = { args: { kind: 'riders' } }
export const AgregarOrigen: Story = { args: { kind: 'origins' } }
export const AgregarPropietario: Story = { args: { kind: 'owners' } }
export const AgregarRodeo: Story = { args: { kind: 'rodeos' } }
