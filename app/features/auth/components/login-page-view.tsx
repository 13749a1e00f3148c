import { lazy } from 'react'
import { Center, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { LoadOnFirstPress } from '~/components/ui/load-when-opened'
import type { LoginValues, ResetRequestValues } from '../auth.schema'
import { AuthPageLayout } from './auth-page-layout'
import { LoginForm } from './login-form'
import { Notice } from './notice'

// The dialog (Ark's dialog machinery) loads when '¿Olvidó su contraseña?' is pressed, not with the
// login page (decision 026).
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((module) => ({ default: module.ForgotPasswordDialog })),
)

export interface LoginPageViewProps {
  /** Signs in; see `LoginForm`. */
  onLogin?: (values: LoginValues) => void | Promise<void>
  /** Sends the password-reset e-mail; see `ForgotPasswordDialog`. */
  onRequestPasswordReset?: (values: ResetRequestValues) => void | Promise<void>
  /** Where the browser posts the login form without scripts (see `Form`). */
  action?: string
  /** A failed sign-in the page was sent back with (the form posted without scripts). */
  error?: string
  /** An outcome to tell (e.g. the password was changed and the user signed out). */
  notice?: string
}

/** The login page (spec, screens): 'Iniciar Sesión', the form, and the forgot-password dialog under it. */
export function LoginPageView({
  onLogin,
  onRequestPasswordReset,
  action,
  error,
  notice,
}: LoginPageViewProps) {
  return (
    <AuthPageLayout title="Iniciar Sesión" description="Ingrese con su correo electrónico y contraseña.">
      <Stack gap="5">
        {notice && <Notice tone="success">{notice}</Notice>}
        {error && <Notice tone="error">{error}</Notice>}
        <LoginForm onSubmit={onLogin} action={action} />
      </Stack>
      <Center mt="4">
        <LoadOnFirstPress
          trigger={(press) => (
            <Button variant="link" size="sm" color="colorPalette.text" onClick={press}>
              ¿Olvidó su contraseña?
            </Button>
          )}
        >
          {(dialog) => <ForgotPasswordDialog {...dialog} onSubmit={onRequestPasswordReset} />}
        </LoadOnFirstPress>
      </Center>
    </AuthPageLayout>
  )
}
