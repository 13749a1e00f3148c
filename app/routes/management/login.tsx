import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { toast } from '~/components/ui/toaster'
import { postLoginForm } from '~/features/auth/auth.forms.server'
import { loginFn, requestPasswordResetFn } from '~/features/auth/auth.functions'
import { AUTH_MESSAGES, authMessageParam } from '~/features/auth/auth.messages'
import { authKeys, sessionQueryOptions } from '~/features/auth/auth.queries'
import { LoginPageView } from '~/features/auth/components/login-page-view'
import { safeRedirect } from '~/features/auth/safe-redirect'
import { optionalStrict, searchSchema, text } from '~/lib/search-params'

export const Route = createFileRoute('/management/login')({
  validateSearch: searchSchema({
    // Not text: the router's error page, as before (decision 046 keeps every route's semantics).
    redirect: optionalStrict(text()),
    error: authMessageParam,
    notice: authMessageParam,
  }),
  // The form posted by the browser itself, before or without the page's scripts (decision 014).
  server: { handlers: { POST: ({ request }) => postLoginForm(request) } },
  beforeLoad: async ({ context, search }) => {
    // Spec: a signed-in visit to the login page goes to the establishment picker.
    const session = await context.queryClient.fetchQuery(sessionQueryOptions())
    if (session) throw redirect({ href: safeRedirect(search.redirect) })
  },
  head: () => ({ meta: [{ title: 'Iniciar Sesión · Insights' }] }),
  component: LoginPage,
})

function LoginPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const login = useServerFn(loginFn)
  const requestReset = useServerFn(requestPasswordResetFn)

  return (
    <LoginPageView
      action={loginFormAction(search.redirect)}
      error={search.error && AUTH_MESSAGES[search.error]}
      notice={search.notice && AUTH_MESSAGES[search.notice]}
      onLogin={async (values) => {
        const result = await login({ data: values })
        if (!result.ok) {
          toast.error(result.error)
          return
        }
        await queryClient.invalidateQueries({ queryKey: authKeys.all })
        // Users who must change their password land where they can do it.
        const target =
          result.user?.must_change_password === 1
            ? '/management/configuration/user-profile'
            : safeRedirect(search.redirect)
        await navigate({ href: target })
      }}
      onRequestPasswordReset={async (values) => {
        await requestReset({ data: values })
      }}
    />
  )
}

/** The login page's own address, keeping where to go after signing in. */
function loginFormAction(redirect: string | undefined) {
  return redirect ? `/management/login?${new URLSearchParams({ redirect })}` : '/management/login'
}
