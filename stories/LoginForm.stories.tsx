import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Box } from 'styled-system/jsx'
import { LoginForm } from '~/features/auth/components/login-form'

const meta = {
  title: 'Auth/LoginForm',
  component: LoginForm,
  args: { onSubmit: fn() },
  decorators: [
    (Story) => (
      <Box maxW="sm">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof LoginForm>

export default meta
type Story = StoryObj<typeof meta>

export const Vacio: Story = {}

export const DatosDemasiadoCortos: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Usuario'), 'a')
    await userEvent.type(canvas.getByLabelText('Contraseña'), '1234')
    await userEvent.click(canvas.getByRole('button', { name: 'Ingresar' }))
    await expect(
      await canvas.findByText('El nombre de usuario debe tener al menos 2 caracteres.'),
    ).toBeVisible()
    await expect(await canvas.findByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The sign-in request is slow here, so the button stays on 'Enviando...' for a few seconds. */
export const Enviando: Story = {
  args: { onSubmit: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 3000))) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Usuario'), 'ana@campo.com')
    await userEvent.type(canvas.getByLabelText('Contraseña'), 'secreta123')
    await userEvent.click(canvas.getByRole('button', { name: 'Ingresar' }))
    await expect(await canvas.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    await expect(args.onSubmit).toHaveBeenCalledWith({ username: 'ana@campo.com', password: 'secreta123' })
  },
}
