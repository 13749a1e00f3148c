import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { PeopleView } from '~/features/people/components/people-view'
import { PEOPLE_MESSAGES, type People } from '~/features/people/people.schema'
import type { ActionResult } from '~/lib/action-result'

const PEOPLE: People = {
  members: [
    {
      user_id: 1,
      name: 'Ana',
      surname: 'Gómez',
      email: 'ana@alamos.test',
      role: 'administrador',
      deactivated: false,
    },
    {
      user_id: 2,
      name: 'Juan',
      surname: 'Pérez',
      email: 'juan@alamos.test',
      role: 'usuario',
      deactivated: false,
    },
    {
      user_id: 3,
      name: 'Pedro',
      surname: 'Ruiz',
      email: 'pedro@alamos.test',
      role: 'usuario',
      deactivated: true,
    },
  ],
  invitations: [
    {
      id: 7,
      email: 'maria@alamos.test',
      name: 'María',
      surname: 'López',
      role: 'usuario',
      sent_at: '2026-11-20T10:00:00.000Z',
      expires_at: '2026-11-27T10:00:00.000Z',
      expired: false,
    },
  ],
}

const answer = (result: ActionResult) => () => Promise.resolve(result)

const meta = {
  title: 'Configuración/PeopleView',
  component: PeopleView,
  args: {
    people: PEOPLE,
    canEdit: true,
    canDeactivate: false,
    currentUserId: 1,
    onInvite: fn(answer({ ok: true, message: PEOPLE_MESSAGES.invited('nuevo@alamos.test') })),
    onChange: fn(answer({ ok: true, message: PEOPLE_MESSAGES.roleChanged })),
  },
} satisfies Meta<typeof PeopleView>

export default meta
type Story = StoryObj<typeof meta>

/** An administrador invites, changes a role and re-sends an invitation. */
export const Administrador: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const form = canvas.getByRole('form', { name: 'Invitar a una persona' })
    await userEvent.type(within(form).getByLabelText('Correo electrónico'), 'Nuevo@Alamos.test')
    await userEvent.type(within(form).getByLabelText('Nombre'), 'Nuevo')
    await userEvent.selectOptions(within(form).getByLabelText('Rol'), 'Administrador')
    await userEvent.click(within(form).getByRole('button', { name: 'Invitar' }))
    await expect(args.onInvite).toHaveBeenCalledWith({
      email: 'nuevo@alamos.test',
      name: 'Nuevo',
      surname: '',
      role: 'administrador',
    })
    await userEvent.selectOptions(canvas.getByLabelText('Rol de Juan Pérez'), 'Administrador')
    await expect(args.onChange).toHaveBeenCalledWith({ action: 'role', userId: 2, role: 'administrador' })
    await userEvent.click(canvas.getByRole('button', { name: 'Reenviar' }))
    await expect(args.onChange).toHaveBeenCalledWith({ action: 'resend', invitationId: 7 })
    // Nobody raises their own role: the option is there but cannot be chosen on one's own row.
    await expect(canvas.getByLabelText('Rol de Ana Gómez')).toHaveValue('administrador')
  },
}

/** A usuario reads the list: no form, no actions. */
export const Usuario: Story = {
  args: { canEdit: false, currentUserId: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('form', { name: 'Invitar a una persona' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Quitar' })).toBeNull()
    await expect(canvas.getByRole('table', { name: 'Personas del establecimiento' })).toHaveTextContent(
      'Administrador',
    )
  },
}

/** A superadministrador also deactivates (after confirming) and reactivates accounts. */
export const Superadministrador: Story = {
  args: { canDeactivate: true, currentUserId: 99 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getAllByRole('button', { name: 'Desactivar cuenta' })[1] as HTMLElement)
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }))
    await expect(args.onChange).toHaveBeenCalledWith({ action: 'deactivate', userId: 2 })
    await userEvent.click(canvas.getByRole('button', { name: 'Reactivar cuenta' }))
    await expect(args.onChange).toHaveBeenCalledWith({ action: 'reactivate', userId: 3 })
  },
}

/** The server refuses (the last administrador): the toast says why; the invitation's refusal shows under the e-mail. */
export const InvitacionRechazada: Story = {
  args: { onInvite: fn(answer({ ok: false, error: PEOPLE_MESSAGES.alreadyInvited('maria@alamos.test') })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const form = canvas.getByRole('form', { name: 'Invitar a una persona' })
    await userEvent.type(within(form).getByLabelText('Correo electrónico'), 'maria@alamos.test')
    await userEvent.type(within(form).getByLabelText('Nombre'), 'María')
    await userEvent.click(within(form).getByRole('button', { name: 'Invitar' }))
    await expect(await canvas.findByText(PEOPLE_MESSAGES.alreadyInvited('maria@alamos.test'))).toBeVisible()
  },
}
