import { Field } from '@ark-ui/react/field'
import type { ComponentProps } from 'react'
import { styled } from 'styled-system/jsx'
import { textarea } from 'styled-system/recipes'
import { nativeSelect } from './native-select'

// The text field's parts (the login page loads only those, decision 046) and the other controls.
export * from './field-parts'

/** The browser's own `<select>`, wired to the field (see native-select.tsx for why native). */
export const Select = styled(Field.Select, nativeSelect)
export type SelectProps = ComponentProps<typeof Select>
export const Textarea = styled(Field.Textarea, textarea)
export type TextareaProps = ComponentProps<typeof Textarea>

export { FieldContext as Context } from '@ark-ui/react/field'
