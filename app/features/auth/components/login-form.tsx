import { useState } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import { FieldChrome } from '~/components/form/field-chrome'
import { Button } from '~/components/ui/button'
import * as Field from '~/components/ui/field-parts'
import { type LoginValues, loginFormErrors } from '../auth.messages'

export interface LoginFormProps {
  /** Receives valid credentials; the button shows 'Enviando...' until the returned promise settles. */
  onSubmit?: (values: LoginValues) => void | Promise<void>
  /** Where the browser posts the form without scripts (decision 014). */
  action?: string
}

const FIELDS = [
  { name: 'username', label: 'Usuario', type: 'email', autoComplete: 'username' },
  { name: 'password', label: 'Contraseña', type: 'password', autoComplete: 'current-password' },
] as const

/**
 * The login form, without the form library the app's other forms use (`useAppForm`): the login
 * page's JavaScript stays small (decision 046). It behaves as they do: each field is checked on every
 * change and its message shows once the field was left or a submit was tried, so an untouched field
 * stays quiet while the user fills in the other one; a submit with errors shows them all and sends
 * nothing; the button reads 'Enviando...' while busy. Always a POST to `action`, so before or without
 * scripts the browser sends it to the page's own handler, which checks the same rules (`loginSchema`).
 */
export function LoginForm({ onSubmit, action }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' })
  const [left, setLeft] = useState<Partial<Record<keyof LoginValues, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const errors = loginFormErrors(values)

  return (
    <styled.form
      method="post"
      action={action}
      // The browser's untranslated bubbles would interrupt the Spanish messages.
      noValidate
      onSubmit={async (event) => {
        event.preventDefault()
        setSubmitted(true)
        if (submitting || Object.keys(errors).length > 0) return
        setSubmitting(true)
        try {
          await onSubmit?.(values)
        } finally {
          setSubmitting(false)
        }
      }}
    >
      <Stack gap="5">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <FieldChrome key={name} label={label} error={left[name] || submitted ? errors[name] : undefined}>
            <Field.Input
              name={name}
              type={type}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              onBlur={() => setLeft((current) => ({ ...current, [name]: true }))}
            />
          </FieldChrome>
        ))}
        <Button type="submit" loading={submitting} loadingText="Enviando..." size="lg" width="full" mt="1">
          Ingresar
        </Button>
      </Stack>
    </styled.form>
  )
}
