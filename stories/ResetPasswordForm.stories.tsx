import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AuthPageLayout } from '~/features/auth/components/auth-page-layout'
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form'
import { FullBleed, slowly, withStoryLinks } from './support'

const meta = {
  title: 'Auth/ResetPasswordForm',
  component: ResetPasswordForm,
  decorators: [
    withStoryLinks,
    (Story) => (
      <FullBleed>
        <AuthPageLayout
          title="Restablecer Contraseña"
          description="Elija una nueva contraseña para su cuenta."
        >
          <Story />
        </AuthPageLayout>
      </FullBleed>
    ),
  ],
  args: { token: 'f3a9c2e7b1d84a6f9e0c5b7a2d1e8f4c', onSubmit: fn(slowly()) },
} satisfies Meta<typeof ResetPasswordForm>

export default meta
type Story = StoryObj<typeof meta>

export const Formulario: Story = {}

export const ContrasenasQueNoCoinciden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nueva contraseña'), 'Pradera2026')
    await userEvent.type(canvas.getByLabelText('Confirmar contraseña'), 'Pradera2025')
    await userEvent.click(canvas.getByRole('button', { name: 'Restablecer' }))
    await expect(await canvas.findByText('Las contraseñas no coinciden')).toBeVisible()
  },
}

export const Restablecida: Story = {
  args: { onSubmit: fn(() => Promise.resolve()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nueva contraseña'), 'Pradera2026')
    await userEvent.type(canvas.getByLabelText('Confirmar contraseña'), 'Pradera2026')
    await userEvent.click(canvas.getByRole('button', { name: 'Restablecer' }))
    await expect(await canvas.findByRole('link', { name: 'Ir a Iniciar Sesión' })).toBeVisible()
  },
}

/** A link whose token is not even well formed. */
export const EnlaceInvalido: Story = { args: { token: 'abc' } }
