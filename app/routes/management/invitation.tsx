import { createFileRoute } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { AuthPageLayout } from '~/features/auth/components/auth-page-layout'
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form'
import { acceptInvitationFn } from '~/features/people/people.functions'
import { PEOPLE_MESSAGES } from '~/features/people/people.schema'
import { searchSchema, text, withDefault } from '~/lib/search-params'

/** The page the invitation e-mail links to: the invited person chooses a password (decision 032). */
export const Route = createFileRoute('/management/invitation')({
  validateSearch: searchSchema({ token: withDefault(text(), '') }),
  head: () => ({ meta: [{ title: 'Aceptar invitación · Insights' }] }),
  component: InvitationPage,
})

function InvitationPage() {
  const { token } = Route.useSearch()
  const accept = useServerFn(acceptInvitationFn)
  return (
    <AuthPageLayout
      title="Aceptar invitación"
      description="Elija la contraseña de su cuenta: al menos 8 caracteres, con una mayúscula, una minúscula y un número."
    >
      <ResetPasswordForm
        token={token}
        submitLabel="Establecer contraseña"
        successMessage={PEOPLE_MESSAGES.invitationAccepted}
        onSubmit={async (values) => {
          const result = await accept({ data: values })
          if (!result.ok) throw new Error(result.error)
        }}
      />
    </AuthPageLayout>
  )
}
