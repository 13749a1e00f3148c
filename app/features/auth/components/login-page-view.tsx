import { Center } from 'styled-system/jsx'
import type { LoginValues, ResetRequestValues } from '../auth.schema'
import { AuthPageLayout } from './auth-page-layout'
import { ForgotPasswordDialog } from './forgot-password-dialog'
import { LoginForm } from './login-form'

export interface LoginPageViewProps {
  /** Signs in; see `LoginForm`. */
  onLogin?: (values: LoginValues) => void | Promise<void>
  /** Sends the password-reset e-mail; see `ForgotPasswordDialog`. */
  onRequestPasswordReset?: (values: ResetRequestValues) => void | Promise<void>
}

/** The login page (spec, screens): 'Iniciar Sesión', the form, and the forgot-password dialog under it. */
export function LoginPageView({ onLogin, onRequestPasswordReset }: LoginPageViewProps) {
  return (
    <AuthPageLayout title="Iniciar Sesión" description="Ingrese con su correo electrónico y contraseña.">
      <LoginForm onSubmit={onLogin} />
      <Center mt="4">
        <ForgotPasswordDialog onSubmit={onRequestPasswordReset} />
      </Center>
    </AuthPageLayout>
  )
}
