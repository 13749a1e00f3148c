import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, Outlet, redirect, useNavigate, useRouterState } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { toast } from '~/components/ui/toaster'
import { EstablishmentAnimalSearch } from '~/features/animals/components/header-animal-search'
import { logoutFn, setKeepSessionFn } from '~/features/auth/auth.functions'
import { authKeys, sessionQueryOptions } from '~/features/auth/auth.queries'
import { isEstablishmentAccessError } from '~/features/establishments/establishment-context'
import { currentEstablishmentQueryOptions } from '~/features/establishments/establishments.queries'
import { AppHeader } from '~/features/shell/components/app-header'
import { AppLinkProvider } from '~/features/shell/components/app-link'
import { NotFoundPage } from '~/features/shell/components/error-pages'
import { establishmentSearch, sectionLinks } from '~/features/shell/components/paths'
import { type TopMenuSection, topMenuItems } from '~/features/shell/components/top-menu'

/** Every page behind sign-in. A signed-out visit goes to the login page and comes back afterwards. */
export const Route = createFileRoute('/management/_authed')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.fetchQuery(sessionQueryOptions())
    if (!session) throw redirect({ to: '/management/login', search: { redirect: location.href } })
    return { session }
  },
  component: AuthedLayout,
  // An unknown address under /management is said inside the app's shell (HTTP 404).
  notFoundComponent: () => <NotFoundPage />,
})

// Classes computed once, not by a styled component per render (decision 050).
const mainClass = css({ px: { base: '3', md: '6' }, py: '6', maxW: 'screen-2xl', mx: 'auto' })

const SECTION_BY_SEGMENT: Record<string, TopMenuSection> = {
  summary: 'summary',
  animals: 'animals',
  animal: 'animals',
  cattlehandling: 'cattlehandling',
  rerunner: 'rerunner',
  dash: 'dash',
}

function activeSection(pathname: string): TopMenuSection | undefined {
  const match = /^\/management\/establishment\/(?:app-insights\/)?([^/]+)/.exec(pathname)
  return match?.[1] ? SECTION_BY_SEGMENT[match[1]] : undefined
}

function AuthedLayout() {
  const { data: session } = useSuspenseQuery(sessionQueryOptions())
  const { data: establishment } = useQuery(currentEstablishmentQueryOptions())
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const logout = useServerFn(logoutFn)
  const setKeepSession = useServerFn(setKeepSessionFn)
  const [loggingOut, setLoggingOut] = useState(false)

  // A refused establishment is not the one the header would name (the selected one): show neither.
  const refused = useRouterState({
    select: (state) => state.matches.some((match) => isEstablishmentAccessError(match.error)),
  })
  const onPicker = pathname.replace(/\/$/, '') === '/management/establishment'
  const inEstablishment = Boolean(establishment) && !onPicker && !refused

  return (
    <AppLinkProvider component={({ to, search, ...rest }) => <Link to={to} search={search} {...rest} />}>
      <AppHeader
        user={session?.user}
        logoutBusy={loggingOut}
        search={
          inEstablishment && establishment ? (
            <EstablishmentAnimalSearch
              establishmentId={establishment.id}
              onOpen={(visualTag) =>
                void navigate({
                  to: '/management/establishment/app-insights/animal/$visualTag',
                  params: { visualTag },
                  search: establishmentSearch(establishment.id),
                })
              }
            />
          ) : null
        }
        onLogout={async () => {
          setLoggingOut(true)
          try {
            await logout()
            // Nothing of this user stays on the device: the chute's data and caches (decision 040).
            await import('~/features/offline/sign-out').then((module) => module.clearDeviceData())
          } finally {
            // Spec: the user goes to the login page, then the session is cleared.
            queryClient.setQueryData(authKeys.session(), null)
            await navigate({ to: '/management/login' })
            queryClient.clear()
            setLoggingOut(false)
          }
        }}
        menuItems={
          inEstablishment && establishment
            ? topMenuItems(sectionLinks(establishment.id), activeSection(pathname))
            : []
        }
        establishment={
          inEstablishment && establishment
            ? {
                establishmentName: establishment.name,
                establishmentId: establishment.id,
                keepSession: session?.keepSession ?? false,
                onKeepSessionChange: async (keepSession) => {
                  const result = await setKeepSession({ data: { keepSession } })
                  if (!result.ok) toast.error(result.error)
                  await queryClient.invalidateQueries({ queryKey: authKeys.session() })
                },
                onChangeEstablishment: async () => {
                  await navigate({ to: '/management/establishment' })
                },
              }
            : null
        }
      />
      <main className={mainClass}>
        <Outlet />
      </main>
    </AppLinkProvider>
  )
}
