import type { ReactNode } from 'react'
import * as Field from '~/components/ui/field-parts'

export interface FieldChromeProps {
  label: ReactNode
  helperText?: ReactNode
  disabled?: boolean
  readOnly?: boolean
  required?: boolean
}

/**
 * Label, control and messages of one field, given the error to show (or none). The app form's bound
 * fields (fields.tsx) and the login form, which has no form library (decision 046), both use it, so a
 * field looks and reads (Ark's field: `aria-invalid`, `aria-describedby`) the same everywhere.
 */
export function FieldChrome({
  label,
  helperText,
  disabled,
  readOnly,
  required,
  error,
  children,
}: FieldChromeProps & { error: string | undefined; children: ReactNode }) {
  return (
    <Field.Root invalid={error !== undefined} disabled={disabled} readOnly={readOnly} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helperText && error === undefined ? (
        // The preset greys a disabled field's help out (3:1); it often says why the field is locked,
        // so it keeps its normal colour (axe color-contrast).
        <Field.HelperText _disabled={{ color: 'fg.muted' }}>{helperText}</Field.HelperText>
      ) : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
