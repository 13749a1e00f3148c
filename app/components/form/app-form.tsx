import { createFormHook } from '@tanstack/react-form'
import { fieldContext, formContext } from './contexts'
import {
  ChooserField,
  DateField,
  Form,
  NumberField,
  PasswordField,
  SelectField,
  SubmitButton,
  TextareaField,
  TextField,
} from './fields'

/**
 * The one way to build a form here: TanStack Form with the design system's fields pre-bound.
 *
 *   const form = useAppForm({ defaultValues, onSubmit })
 *   <form.AppForm>
 *     <form.Form>
 *       <form.AppField name="visual_tag" validators={fieldValidatorsFrom(schema, 'visual_tag')}>
 *         {(field) => <field.TextField label="IDV" />}
 *       </form.AppField>
 *       <form.SubmitButton>Guardar</form.SubmitButton>
 *     </form.Form>
 *   </form.AppForm>
 *
 * Validation comes from the entity's zod schema, field by field (`fieldValidatorsFrom` in
 * ./validation), so the form shows the same Spanish messages the API answers with.
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    TextField,
    PasswordField,
    TextareaField,
    NumberField,
    SelectField,
    DateField,
    ChooserField,
  },
  formComponents: { Form, SubmitButton },
})
