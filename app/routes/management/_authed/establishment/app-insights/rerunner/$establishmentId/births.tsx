import { createFileRoute } from '@tanstack/react-router'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute(
  '/management/_authed/establishment/app-insights/rerunner/$establishmentId/births',
)({
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.rerunner.title} · Insights` }] }),
  component: () => <PlaceholderPage {...PLACEHOLDER_PAGES.rerunner} />,
})
