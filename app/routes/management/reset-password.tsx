import { createFileRoute } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { confirmPasswordResetFn } from '~/features/auth/auth.functions'
import { AuthPageLayout } from '~/features/auth/components/auth-page-layout'
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form'

/** The page the reset e-mail links to (our design: the spec shows only the request dialog). */
export const Route = createFileRoute('/management/reset-password')({
  validateSearch: z.object({ token: z.string().catch('') }),
  head: () => ({ meta: [{ title: 'Restablecer Contraseña · Insights' }] }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  const confirm = useServerFn(confirmPasswordResetFn)
  return (
    <AuthPageLayout title="Restablecer Contraseña" description="Elija una nueva contraseña para su cuenta.">
      <ResetPasswordForm
        token={token}
        onSubmit={async (values) => {
          const result = await confirm({ data: values })
          if (!result.ok) throw new Error(result.error)
        }}
      />
    </AuthPageLayout>
  )
}
