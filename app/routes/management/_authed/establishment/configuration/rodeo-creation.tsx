import { createFileRoute } from '@tanstack/react-router'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'

export const Route = createFileRoute('/management/_authed/establishment/configuration/rodeo-creation')({
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.rodeoCreation.title} · Insights` }] }),
  component: () => (
    <ConfigLayout {...useConfigSidebar('rodeo')}>
      <PlaceholderPage {...PLACEHOLDER_PAGES.rodeoCreation} />
    </ConfigLayout>
  ),
})
