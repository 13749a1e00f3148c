import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import { isAdminIn } from '~/features/auth/roles'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute('/management/_authed/establishment/configuration/rodeo-creation')({
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.rodeoCreation.title} · Insights` }] }),
  component: ConfigurationPage,
})

function ConfigurationPage() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions())
  const { data: establishment } = useQuery(currentEstablishmentQueryOptions())
  return (
    <ConfigLayout
      isAdmin={isAdminIn(session?.roles, establishment?.id)}
      isSuperAdmin={session?.roles.isSuperAdmin ?? false}
      activeSection="rodeo"
    >
      <PlaceholderPage {...PLACEHOLDER_PAGES.rodeoCreation} />
    </ConfigLayout>
  )
}
