import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { LoginPageView } from '~/features/auth/components/login-page-view'
import { FullBleed, slowly } from './support'

const meta = {
  title: 'Auth/LoginPage',
  component: LoginPageView,
  decorators: [(Story) => <FullBleed>{Story()}</FullBleed>],
  args: { onLogin: fn(slowly()), onRequestPasswordReset: fn(slowly()) },
} satisfies Meta<typeof LoginPageView>

export default meta
type Story = StoryObj<typeof meta>

export const Pagina: Story = {}

/** Back from a sign-in posted without JavaScript (`?error=invalidCredentials`). */
export const CredencialesInvalidas: Story = { args: { error: 'Usuario o contraseña inválida' } }

/** After a password change or reset posted without JavaScript (`?notice=passwordChanged`). */
export const ContrasenaCambiada: Story = { args: { notice: 'Contraseña modificada exitosamente' } }
