import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/management/login')({
  head: () => ({ meta: [{ title: 'Iniciar Sesión · Insights' }] }),
  component: LoginPage,
})

function LoginPage() {
  return (
    <main>
      <h1>Iniciar Sesión</h1>
    </main>
  )
}
