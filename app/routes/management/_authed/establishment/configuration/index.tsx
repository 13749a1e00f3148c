import { createFileRoute } from '@tanstack/react-router'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'

export const Route = createFileRoute('/management/_authed/establishment/configuration/')({
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.configuration.title} · Insights` }] }),
  component: () => (
    <ConfigLayout {...useConfigSidebar('establecimiento')}>
      <PlaceholderPage {...PLACEHOLDER_PAGES.configuration} />
    </ConfigLayout>
  ),
})
