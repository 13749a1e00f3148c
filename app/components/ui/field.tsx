import { Field } from '@ark-ui/react/field'
import type { ComponentProps } from 'react'
import { createStyleContext, styled } from 'styled-system/jsx'
import { field, input, textarea } from 'styled-system/recipes'
import { nativeSelect } from './native-select'

const { withProvider, withContext } = createStyleContext(field)

/** Groups a label, a control and its messages; `invalid` marks the control and shows `ErrorText`. */
export const Root = withProvider(Field.Root, 'root')
export type RootProps = ComponentProps<typeof Root>
export const RootProvider = withProvider(Field.RootProvider, 'root')
export const Label = withContext(Field.Label, 'label')
export const HelperText = withContext(Field.HelperText, 'helperText')
/** Rendered only while the field is invalid. */
export const ErrorText = withContext(Field.ErrorText, 'errorText')
export const Input = styled(Field.Input, input)
export type InputProps = ComponentProps<typeof Input>
/** The browser's own `<select>`, wired to the field (see native-select.tsx for why native). */
export const Select = styled(Field.Select, nativeSelect)
export type SelectProps = ComponentProps<typeof Select>
export const Textarea = styled(Field.Textarea, textarea)
export type TextareaProps = ComponentProps<typeof Textarea>

export { FieldContext as Context } from '@ark-ui/react/field'
