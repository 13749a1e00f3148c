import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { toast } from '~/components/ui/toaster'
import { postChangePasswordForm } from '~/features/auth/auth.forms.server'
import { changePasswordFn, logoutFn } from '~/features/auth/auth.functions'
import { AUTH_MESSAGES, authMessageParam } from '~/features/auth/auth.messages'
import { authKeys, sessionQueryOptions } from '~/features/auth/auth.queries'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'
import { UserProfile } from '~/features/users/components/user-profile'
import { searchSchema } from '~/lib/search-params'

/** Spec section 4: after a successful change the user is signed out after 3 seconds. */
export const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 3000

export const Route = createFileRoute('/management/_authed/configuration/user-profile')({
  validateSearch: searchSchema({ error: authMessageParam }),
  // The password form posted by the browser itself, before or without the page's scripts (decision 014).
  server: { handlers: { POST: ({ request }) => postChangePasswordForm(request) } },
  head: () => ({ meta: [{ title: 'Mi perfil · Insights' }] }),
  component: UserProfilePage,
})

function UserProfilePage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions())
  const sidebar = useConfigSidebar('perfil')
  const { error } = Route.useSearch()
  const changePassword = useServerFn(changePasswordFn)
  const logout = useServerFn(logoutFn)
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  return (
    <ConfigLayout {...sidebar}>
      <UserProfile
        user={session?.user}
        roles={session?.roles}
        changePasswordAction="/management/configuration/user-profile"
        changePasswordError={error && AUTH_MESSAGES[error]}
        onChangePassword={async (values) => {
          const result = await changePassword({ data: values })
          if (!result.ok) {
            toast.error(AUTH_MESSAGES.passwordChangeFailed, { description: result.error })
            throw new Error(result.error)
          }
          toast.success(AUTH_MESSAGES.passwordChanged)
          setTimeout(async () => {
            await logout()
            queryClient.setQueryData(authKeys.session(), null)
            await navigate({ to: '/management/login' })
            queryClient.clear()
          }, SIGN_OUT_AFTER_PASSWORD_CHANGE_MS)
        }}
      />
    </ConfigLayout>
  )
}
