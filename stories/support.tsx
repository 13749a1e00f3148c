import type { Decorator } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { action } from 'storybook/actions'
import { Box } from 'styled-system/jsx'
import type { SessionUser, UserRoles } from '~/features/auth/auth.schema'
import type { Establishment } from '~/features/establishments/establishment.schema'
import { type AppLinkProps, AppLinkProvider, appHref } from '~/features/shell/components/app-link'
import { topMenuItems } from '~/features/shell/components/top-menu'

/** Links log where they lead instead of leaving the story (the app gives them the router instead). */
function StoryLink({ to, search, onClick, ...rest }: AppLinkProps) {
  const href = appHref(to, search)
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        onClick?.(event)
        event.preventDefault()
        action('navegar')(href)
      }}
    />
  )
}

export const withStoryLinks: Decorator = (Story) => (
  <AppLinkProvider component={StoryLink}>
    <Story />
  </AppLinkProvider>
)

/** Cancels the preview's padding, for stories that show a whole page. */
export function FullBleed({ children }: { children: ReactNode }) {
  return (
    <Box m="-6" minH="100dvh" bg="bg.canvas">
      {children}
    </Box>
  )
}

export const ana: SessionUser = {
  id: 7,
  name: 'Ana',
  surname: 'Fernández',
  email: 'ana.fernandez@laesperanza.com.ar',
  must_change_password: 0,
}

export const establishments: Establishment[] = [
  { id: 1, name: 'La Esperanza', url_dashboard_cattle_handling: null },
  { id: 2, name: 'Estancia El Ombú', url_dashboard_cattle_handling: null },
  { id: 3, name: 'Don Ramón', url_dashboard_cattle_handling: null },
  { id: 4, name: 'Los Álamos', url_dashboard_cattle_handling: null },
  { id: 5, name: 'San José del Monte', url_dashboard_cattle_handling: null },
  { id: 6, name: 'La Querencia', url_dashboard_cattle_handling: null },
  { id: 7, name: 'Santa Ángela', url_dashboard_cattle_handling: null },
  { id: 8, name: 'El Ceibo', url_dashboard_cattle_handling: null },
  { id: 9, name: 'Cabaña Las Acacias', url_dashboard_cattle_handling: null },
  { id: 10, name: 'Tres Arroyos', url_dashboard_cattle_handling: null },
]

export const roles: UserRoles = {
  isSuperAdmin: false,
  roleInEstablishment: [
    { establishment_id: 1, establishment_name: 'La Esperanza', is_admin: true },
    { establishment_id: 2, establishment_name: 'Estancia El Ombú', is_admin: false },
    { establishment_id: 3, establishment_name: 'Don Ramón', is_admin: false },
  ],
}

export const establishmentMenu = topMenuItems(
  {
    summary: '/management/establishment/summary',
    animals: '/management/establishment/animals',
    cattlehandling: '/management/establishment/cattlehandling',
    rerunner: '/management/establishment/rerunner',
    dash: '/management/establishment/dash',
  },
  'summary',
)

/** A request that takes `ms` milliseconds, so busy states can be seen. */
export function slowly(ms = 1500) {
  return () => new Promise<void>((resolve) => setTimeout(resolve, ms))
}
