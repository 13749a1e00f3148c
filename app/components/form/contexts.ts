import { createFormHookContexts } from '@tanstack/react-form'

/** The contexts the bound field and form components read (see app-form.tsx). */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()
