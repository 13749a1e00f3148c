import { EyeIcon, EyeOffIcon } from 'lucide-react'
import { useState } from 'react'
import { Box } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Field from '~/components/ui/field'

export interface PasswordFieldProps {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  onBlur: () => void
  /** Shown under the input, which is then marked invalid. */
  error?: string
  autoComplete: 'current-password' | 'new-password'
  disabled?: boolean
}

/** A password input with its label, error and a button that shows what was typed. */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  autoComplete,
  disabled,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false)
  const toggleLabel = visible ? 'Ocultar contraseña' : 'Mostrar contraseña'
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Box position="relative">
        <Field.Input
          type={visible ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          pe="10"
        />
        <Button
          variant="ghost"
          size="xs"
          px="0"
          aspectRatio="square"
          position="absolute"
          top="50%"
          right="1.5"
          transform="translateY(-50%)"
          color="fg.muted"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-pressed={visible}
          disabled={disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </Box>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
