import { createFileRoute } from '@tanstack/react-router'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

export const Route = createFileRoute(
  '/management/_authed/establishment/app-insights/cattlehandling/pregnacy-check',
)({
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.pregnancyCheck.title} · Insights` }] }),
  component: () => <PlaceholderPage {...PLACEHOLDER_PAGES.pregnancyCheck} />,
})
