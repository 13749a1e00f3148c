import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  HeadContent,
  lazyRouteComponent,
  Outlet,
  ScriptOnce,
  Scripts,
  useHydrated,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { themeScript } from '~/components/ui/theme'
import { Toaster } from '~/components/ui/toaster'
import { APP_ICONS, THEME_COLOR } from '~/features/shell/web-app-manifest'
import { zodJitlessScript } from '~/lib/zod-jitless'
import appCss from '~/styles.css?url'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: 'Insights' },
      { name: 'theme-color', content: THEME_COLOR },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: APP_ICONS.svg, type: 'image/svg+xml' },
      { rel: 'icon', href: APP_ICONS.ico, sizes: '32x32' },
      { rel: 'apple-touch-icon', href: APP_ICONS.appleTouch },
      { rel: 'manifest', href: '/manifest.webmanifest' },
    ],
  }),
  component: RootComponent,
  // Outside /management (whose layout has its own, inside the full shell): a Spanish page, HTTP 404.
  // Loaded when needed: the root route is part of every page's entry script (decision 026).
  notFoundComponent: lazyRouteComponent(
    () => import('~/features/shell/components/root-not-found'),
    'RootNotFound',
  ),
})

function RootComponent() {
  return (
    <RootDocument>
      <Outlet />
    </RootDocument>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  // Browser tests wait for `body[data-hydrated]`: server-rendered pages look ready before they work.
  const isHydrated = useHydrated()
  return (
    // The theme script adds the `dark` class before React hydrates, so <html> differs on purpose.
    <html lang="es" suppressHydrationWarning>
      <head>
        <HeadContent />
        {/* Before first paint, so a dark-theme visitor never sees a flash of the light theme. */}
        <ScriptOnce>{themeScript}</ScriptOnce>
        <ScriptOnce>{zodJitlessScript}</ScriptOnce>
      </head>
      <body data-hydrated={isHydrated ? '' : undefined}>
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  )
}
