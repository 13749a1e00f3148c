import { createFileRoute } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { postResetPasswordForm } from '~/features/auth/auth.forms.server'
import { confirmPasswordResetFn } from '~/features/auth/auth.functions'
import { AUTH_MESSAGES, authMessageParam } from '~/features/auth/auth.messages'
import { AuthPageLayout } from '~/features/auth/components/auth-page-layout'
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form'
import { searchSchema, text, withDefault } from '~/lib/search-params'

/** The page the reset e-mail links to (our design: the spec shows only the request dialog). */
export const Route = createFileRoute('/management/reset-password')({
  validateSearch: searchSchema({ token: withDefault(text(), ''), error: authMessageParam }),
  // The form posted by the browser itself, before or without the page's scripts (decision 014).
  server: { handlers: { POST: ({ request }) => postResetPasswordForm(request) } },
  head: () => ({ meta: [{ title: 'Restablecer Contraseña · Insights' }] }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token, error } = Route.useSearch()
  const confirm = useServerFn(confirmPasswordResetFn)
  return (
    <AuthPageLayout title="Restablecer Contraseña" description="Elija una nueva contraseña para su cuenta.">
      <ResetPasswordForm
        token={token}
        // The token goes in the body, not in the form's address.
        action="/management/reset-password"
        error={error && AUTH_MESSAGES[error]}
        onSubmit={async (values) => {
          const result = await confirm({ data: values })
          if (!result.ok) throw new Error(result.error)
        }}
      />
    </AuthPageLayout>
  )
}
