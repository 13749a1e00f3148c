import { useState } from 'react'
import { Stack } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import { AppLink } from '~/features/shell/components/app-link'
import { APP_PATHS } from '~/features/shell/components/paths'
import { AUTH_MESSAGES, type ResetConfirmFormValues, resetConfirmFormSchema } from '../auth.schema'
import { Notice } from './notice'

export interface ResetPasswordFormProps {
  /** The token from the e-mailed link. */
  token: string
  /**
   * Sets the new password. When the promise resolves the form gives way to a success message and a
   * link to the login page; when it rejects, the rejection's message (expected in Spanish) shows
   * above the fields, or, without one, that the link is not valid.
   */
  onSubmit: (values: { token: string; new_password: string }) => Promise<void>
  /** Where the browser posts the form without scripts (see `Form`). */
  action?: string
  /** A failure the page was sent back with (the form posted without scripts). */
  error?: string
  /** The button's text: 'Restablecer' for a reset, another for an invitation's first password. */
  submitLabel?: string
  /** What shows once the password is set. */
  successMessage?: string
}

/** The page reached from the password-reset e-mail: a new password and its confirmation. */
export function ResetPasswordForm({
  token,
  onSubmit,
  action,
  error,
  submitLabel = 'Restablecer',
  successMessage = AUTH_MESSAGES.passwordChanged,
}: ResetPasswordFormProps) {
  const [done, setDone] = useState(false)
  const [failure, setFailure] = useState<string | null>(error ?? null)
  const tokenCheck = resetConfirmFormSchema.shape.token.safeParse(token)

  const form = useAppForm({
    defaultValues: { token, new_password: '', confirm_password: '' } satisfies ResetConfirmFormValues,
    // Otherwise, after one field fails on blur, the first submit would not check (and flag) the others.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      setFailure(null)
      try {
        await onSubmit({ token: value.token, new_password: value.new_password })
        setDone(true)
      } catch (error) {
        setFailure(error instanceof Error && error.message ? error.message : AUTH_MESSAGES.resetLinkInvalid)
      }
    },
  })

  if (!tokenCheck.success) {
    return (
      <Stack gap="6">
        <Notice tone="error">{tokenCheck.error.issues[0]?.message}</Notice>
        <LoginLink />
      </Stack>
    )
  }

  if (done) {
    return (
      <Stack gap="6">
        <Notice tone="success">{successMessage}</Notice>
        <LoginLink />
      </Stack>
    )
  }

  return (
    <form.AppForm>
      <form.Form action={action}>
        <Stack gap="5">
          {failure && <Notice tone="error">{failure}</Notice>}
          <input type="hidden" name="token" value={token} />
          {/* Lets password managers store the new password with the account it belongs to. */}
          <input type="text" name="username" autoComplete="username" aria-label="Usuario" hidden readOnly />
          <form.AppField
            name="new_password"
            validators={fieldValidatorsFrom(resetConfirmFormSchema, 'new_password')}
          >
            {(field) => <field.PasswordField label="Nueva contraseña" autoComplete="new-password" />}
          </form.AppField>
          <form.AppField
            name="confirm_password"
            validators={fieldValidatorsFrom(resetConfirmFormSchema, 'confirm_password', ['new_password'])}
          >
            {(field) => <field.PasswordField label="Confirmar contraseña" autoComplete="new-password" />}
          </form.AppField>
          <form.SubmitButton allowUnchanged size="lg" width="full" mt="1">
            {submitLabel}
          </form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}

function LoginLink() {
  return (
    <Button asChild size="lg" width="full">
      <AppLink to={APP_PATHS.login}>Ir a Iniciar Sesión</AppLink>
    </Button>
  )
}
