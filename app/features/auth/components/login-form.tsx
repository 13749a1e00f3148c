import { useForm } from '@tanstack/react-form'
import { Stack } from 'styled-system/jsx'
import { fieldValidatorsFrom, visibleError } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Field from '~/components/ui/field'
import { type LoginValues, loginSchema } from '../auth.schema'

export interface LoginFormProps {
  /** Receives valid credentials; the button shows 'Enviando...' until the returned promise settles. */
  onSubmit?: (values: LoginValues) => void | Promise<void>
}

const emptyCredentials: LoginValues = { username: '', password: '' }

/**
 * Each field checks itself when it loses focus and again on submit. A field's own validator (rather
 * than one for the whole form) keeps an untouched field quiet while the user fills in the other one.
 */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const form = useForm({
    defaultValues: emptyCredentials,
    // Errors stay hidden while typing; a submit must still run and reveal them.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      await onSubmit?.(value)
    },
  })

  return (
    <form
      // The browser's own e-mail check would interrupt with an untranslated bubble; the schema decides.
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void form.handleSubmit()
      }}
    >
      <Stack gap="5">
        <form.Field name="username" validators={fieldValidatorsFrom(loginSchema, 'username')}>
          {(field) => (
            <Field.Root invalid={visibleError(field) !== undefined}>
              <Field.Label>Usuario</Field.Label>
              <Field.Input
                type="email"
                name={field.name}
                autoComplete="username"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
              <Field.ErrorText>{visibleError(field)}</Field.ErrorText>
            </Field.Root>
          )}
        </form.Field>
        <form.Field name="password" validators={fieldValidatorsFrom(loginSchema, 'password')}>
          {(field) => (
            <Field.Root invalid={visibleError(field) !== undefined}>
              <Field.Label>Contraseña</Field.Label>
              <Field.Input
                type="password"
                name={field.name}
                autoComplete="current-password"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
              <Field.ErrorText>{visibleError(field)}</Field.ErrorText>
            </Field.Root>
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.isSubmitting}>
          {(isSubmitting) => (
            <Button
              type="submit"
              size="lg"
              width="full"
              mt="1"
              loading={isSubmitting}
              loadingText="Enviando..."
            >
              Ingresar
            </Button>
          )}
        </form.Subscribe>
      </Stack>
    </form>
  )
}
