import { lazy, Suspense, useState } from 'react'
import { Center, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { OpeningFallback } from '~/components/ui/load-when-opened'
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
        <ForgotPassword onSubmit={onRequestPasswordReset} />
      </Center>
    </AuthPageLayout>
  )
}

/**
 * '¿Olvidó su contraseña?' before its dialog is loaded: the same link, which loads the dialog and
 * opens it. Once loaded, the dialog's own trigger (the same link) takes its place and focus returns
 * to it when the dialog closes.
 */
function ForgotPassword({ onSubmit }: { onSubmit: LoginPageViewProps['onRequestPasswordReset'] }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const link = (
    <Button
      variant="link"
      size="sm"
      color="colorPalette.text"
      onClick={() => {
        setWanted(true)
        setOpen(true)
      }}
    >
      ¿Olvidó su contraseña?
    </Button>
  )
  if (!wanted) return link
  return (
    <Suspense
      fallback={
        <>
          {link}
          <OpeningFallback />
        </>
      }
    >
      <ForgotPasswordDialog open={open} onOpenChange={setOpen} onSubmit={onSubmit} />
    </Suspense>
  )
}
