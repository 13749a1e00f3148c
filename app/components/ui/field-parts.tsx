import { Field } from '@ark-ui/react/field'
import type { ComponentProps } from 'react'
import { createStyleContext, styled } from 'styled-system/jsx'
import { field, input } from 'styled-system/recipes'

/*
 * A field's parts for text inputs; `field.tsx` re-exports them with the select and the textarea.
 * Their own module so the login page (decision 046), which has only text inputs, does not load the
 * other controls (Ark's auto-resizing textarea, the native select's styles).
 */

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
