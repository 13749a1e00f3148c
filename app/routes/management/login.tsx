import { createFileRoute } from '@tanstack/react-router'
import { LoginPageView } from '~/features/auth/components/login-page-view'

export const Route = createFileRoute('/management/login')({
  head: () => ({ meta: [{ title: 'Iniciar Sesión · Insights' }] }),
  component: LoginPage,
})

function LoginPage() {
  return <LoginPageView />
}
