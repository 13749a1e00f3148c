import { safeParse, type z } from 'zod/mini'

/** An error as TanStack Form keeps it; zod's own errors have the same shape. */
export interface FormError {
  message: string
}

/**
 * A schema of a whole form. Its input is what the form holds (text, `number | null` ids), its output
 * may be cleaner (trimmed, null for nothing): fields are typed by the input. Classic or `zod/mini`
 * (the login form's, decision 042): both are zod core schemas, parsed with core's `safeParse`.
 */
type FormSchema = z.core.$ZodType<unknown, Record<string, unknown>>

/**
 * A field validator taken from a whole-form schema: it checks the form's values with this field's
 * new value and keeps the issues on this field. Rules that compare fields (the confirmation must
 * equal the new password) then come from the schema, with its messages, like any other rule.
 */
export function fieldValidatorFrom<S extends FormSchema>(schema: S, name: keyof z.input<S> & string) {
  return ({ value, fieldApi }: { value: unknown; fieldApi: { form: { state: { values: z.input<S> } } } }) => {
    const result = safeParse(schema, { ...fieldApi.form.state.values, [name]: value })
    if (result.success) return undefined
    const issue = result.error.issues.find((candidate) => candidate.path[0] === name)
    return issue ? ({ message: issue.message } satisfies FormError) : undefined
  }
}

/** The first error's text, whatever shape a validator gave it. */
export function firstErrorMessage(errors: readonly unknown[]) {
  const error = errors[0]
  if (!error) return undefined
  if (typeof error === 'string') return error
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message
  return undefined
}

/**
 * A field's validation: one validator, run on every change (and, through TanStack Form, on blur and
 * submit), so an error fixed is an error gone — no stale message whose late removal shifts the
 * layout under the user's click. `listenTo` re-checks the field when another one changes (the
 * confirmation follows the new password). Show the result with `visibleError`.
 */
export function fieldValidatorsFrom<S extends FormSchema>(
  schema: S,
  name: keyof z.input<S> & string,
  listenTo: (keyof z.input<S> & string)[] = [],
) {
  return { onChange: fieldValidatorFrom(schema, name), onChangeListenTo: listenTo }
}

/** A field's error, once the user has left the field or tried to submit: not while first typing. */
export function visibleError(field: {
  state: { meta: { errors: readonly unknown[]; isBlurred: boolean } }
  form: { state: { submissionAttempts: number } }
}) {
  if (!field.state.meta.isBlurred && field.form.state.submissionAttempts === 0) return undefined
  return firstErrorMessage(field.state.meta.errors)
}
