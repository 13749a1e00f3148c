import { createFileRoute } from '@tanstack/react-router'
import { Suspense } from 'react'
import { z } from 'zod'
import { OpeningFallback } from '~/components/ui/load-when-opened'
import { requireEstablishment } from '~/features/establishments/establishment-context'
import { FRAMEWORK_SECTIONS } from '~/features/framework/sections'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'

// TEMP (h13): renders h13's framework sections under ?seccion= until h12's shell lands; the lead
// drops this commit at merge and h12's shell renders FRAMEWORK_SECTIONS instead.
export const Route = createFileRoute('/management/_authed/establishment/configuration/')({
  validateSearch: z.looseObject({ seccion: z.string().optional() }),
  head: () => ({ meta: [{ title: `${PLACEHOLDER_PAGES.configuration.title} · Insights` }] }),
  loader: async ({ context }) => ({ establishmentId: (await requireEstablishment(context.queryClient)).id }),
  component: ConfigurationPage,
})

function ConfigurationPage() {
  const { seccion } = Route.useSearch()
  const { establishmentId } = Route.useLoaderData()
  const sidebar = useConfigSidebar('establecimiento')
  const section = FRAMEWORK_SECTIONS.find((candidate) => candidate.key === seccion)
  const Section = section?.component
  return (
    <ConfigLayout {...sidebar}>
      {Section ? (
        <Suspense fallback={<OpeningFallback />}>
          <Section establishmentId={establishmentId} canEdit={sidebar.isAdmin || sidebar.isSuperAdmin} />
        </Suspense>
      ) : (
        <PlaceholderPage {...PLACEHOLDER_PAGES.configuration} />
      )}
    </ConfigLayout>
  )
}
