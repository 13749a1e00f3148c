import { createFormHook } from '@tanstack/react-form'
import { fieldContext, formContext } from './contexts'
import {
  ChooserField,
  DateField,
  NumberField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from './fields'

/**
 * The one way to build a form here: TanStack Form with the design system's fields pre-bound.
 *
 *   const form = useAppForm({ defaultValues, onSubmit })
 *   <form.AppField name="visual_tag" validators={fieldValidatorsFrom(schema, 'visual_tag')}>
 *     {(field) => <field.TextField label="IDV" />}
 *   </form.AppField>
 *   <form.AppForm><form.SubmitButton>Guardar</form.SubmitButton></form.AppForm>
 *
 * Validation comes from the entity's zod schema, field by field (`fieldValidatorsFrom` in
 * ./validation), so the form shows the same Spanish messages the API answers with.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, TextareaField, NumberField, SelectField, DateField, ChooserField },
  formComponents: { SubmitButton },
})
