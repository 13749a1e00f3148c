import { Stack } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { type LoginValues, loginFormSchema } from '../auth.messages'

export interface LoginFormProps {
  /** Receives valid credentials; the button shows 'Enviando...' until the returned promise settles. */
  onSubmit?: (values: LoginValues) => void | Promise<void>
  /** Where the browser posts the form without scripts (see `Form`). */
  action?: string
}

const emptyCredentials: LoginValues = { username: '', password: '' }

/**
 * Each field checks itself when it loses focus and again on submit. A field's own validator (rather
 * than one for the whole form) keeps an untouched field quiet while the user fills in the other one.
 */
export function LoginForm({ onSubmit, action }: LoginFormProps) {
  const form = useAppForm({
    defaultValues: emptyCredentials,
    // Errors stay hidden while typing; a submit must still run and reveal them.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      await onSubmit?.(value)
    },
  })

  return (
    <form.AppForm>
      <form.Form action={action}>
        <Stack gap="5">
          <form.AppField name="username" validators={fieldValidatorsFrom(loginFormSchema, 'username')}>
            {(field) => <field.TextField label="Usuario" type="email" autoComplete="username" />}
          </form.AppField>
          <form.AppField name="password" validators={fieldValidatorsFrom(loginFormSchema, 'password')}>
            {(field) => (
              <field.TextField label="Contraseña" type="password" autoComplete="current-password" />
            )}
          </form.AppField>
          <form.SubmitButton allowUnchanged size="lg" width="full" mt="1">
            Ingresar
          </form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}
