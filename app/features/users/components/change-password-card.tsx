import { Stack } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import * as Card from '~/components/ui/card'
import {
  type ChangePasswordFormValues,
  type ChangePasswordValues,
  changePasswordFormSchema,
  PASSWORD_MIN_LENGTH,
} from '~/features/auth/auth.schema'
import { Notice } from '~/features/auth/components/notice'

export interface ChangePasswordCardProps {
  /**
   * Changes the password. 'Enviando...' shows until the promise settles; on success the fields are
   * emptied, on failure they are kept so the user can try again. Messages (toasts) are the caller's.
   */
  onSubmit: (values: ChangePasswordValues) => Promise<void>
  /** Where the browser posts the form without scripts (see `Form`). */
  action?: string
  /** A failure the page was sent back with (the form posted without scripts). */
  error?: string
}

const emptyValues: ChangePasswordFormValues = { current_password: '', new_password: '', confirm_password: '' }

const FIELDS = [
  { name: 'current_password', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'new_password', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirm_password', label: 'Confirmar contraseña', autoComplete: 'new-password' },
] as const

/** The 'Cambiar Contraseña' card (spec, screens; rules in section 5). */
export function ChangePasswordCard({ onSubmit, action, error }: ChangePasswordCardProps) {
  const form = useAppForm({
    defaultValues: emptyValues,
    // Otherwise, after one field fails on blur, the first submit would not check (and flag) the others.
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      try {
        await onSubmit({ current_password: value.current_password, new_password: value.new_password })
        formApi.reset()
      } catch {
        // The caller reports the failure ('Error al modificar la contraseña'); the values stay.
      }
    },
  })

  return (
    <Card.Root borderWidth="1px" borderColor="border.subtle" boxShadow="xs" width="full">
      <Card.Header>
        <Card.Title asChild>
          <h2>Cambiar Contraseña</h2>
        </Card.Title>
        <Card.Description>
          Debe tener al menos {PASSWORD_MIN_LENGTH} caracteres, con una mayúscula, una minúscula y un número.
        </Card.Description>
      </Card.Header>
      <form.AppForm>
        <form.Form action={action}>
          <Card.Body>
            {/* Lets password managers store the new password with the account it belongs to. */}
            <input type="text" name="username" autoComplete="username" aria-label="Usuario" hidden readOnly />
            <Stack gap="5">
              {error && <Notice tone="error">{error}</Notice>}
              {FIELDS.map((spec) => (
                <form.AppField
                  key={spec.name}
                  name={spec.name}
                  validators={fieldValidatorsFrom(
                    changePasswordFormSchema,
                    spec.name,
                    spec.name === 'confirm_password' ? ['new_password'] : [],
                  )}
                >
                  {(field) => <field.PasswordField label={spec.label} autoComplete={spec.autoComplete} />}
                </form.AppField>
              ))}
            </Stack>
          </Card.Body>
          <Card.Footer borderTopWidth="1px" borderColor="border.subtle" pt="4" pb="4" bg="bg.subtle">
            <form.SubmitButton>Cambiar contraseña</form.SubmitButton>
          </Card.Footer>
        </form.Form>
      </form.AppForm>
    </Card.Root>
  )
}
