import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ForgotPasswordDialog } from '~/features/auth/components/forgot-password-dialog'
import { slowly } from './support'

const meta = {
  title: 'Auth/ForgotPasswordDialog',
  component: ForgotPasswordDialog,
  args: { onSubmit: fn(slowly()) },
} satisfies Meta<typeof ForgotPasswordDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The trigger as it shows under the login form. */
export const Cerrado: Story = {}

export const Abierto: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '¿Olvidó su contraseña?' }))
  },
}

export const CorreoInvalido: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '¿Olvidó su contraseña?' }))
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.type(await body.findByLabelText('Correo electrónico'), 'ana@')
    await userEvent.click(body.getByRole('button', { name: 'Enviar' }))
    await expect(await body.findByText('Ingrese un correo electrónico válido')).toBeVisible()
  },
}

/** After the request: the spec's message. */
export const Enviado: Story = {
  args: { onSubmit: fn() },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: '¿Olvidó su contraseña?' }))
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.type(await body.findByLabelText('Correo electrónico'), 'ana@laesperanza.com.ar')
    await userEvent.click(body.getByRole('button', { name: 'Enviar' }))
    await expect(
      await body.findByText('Se ha enviado un correo para restablecer su contraseña.'),
    ).toBeVisible()
  },
}
