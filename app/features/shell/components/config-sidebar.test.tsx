import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AppLinkProvider } from './app-link'
import { ConfigSidebar } from './config-sidebar'

/**
 * With the app's router link (which marks a link `aria-current="page"` itself when the address
 * starts with its path), exactly one button of the panel is marked on each configuration page.
 * Before decision 032, 'Configuración del establecimiento' (a prefix of every configuration path)
 * was marked too on 'Crear rodeo'.
 */
async function renderAt(url: string, activeSection: string) {
  const rootRoute = createRootRoute({
    notFoundComponent: () => null,
    component: () => (
      <AppLinkProvider component={({ to, search, ...rest }) => <Link to={to} search={search} {...rest} />}>
        <ConfigSidebar isAdmin isSuperAdmin activeSection={activeSection} />
        <Outlet />
      </AppLinkProvider>
    ),
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(<RouterProvider router={router} />)
  const panel = await screen.findByRole('complementary', { name: 'Panel de Configuraciones' })
  return within(panel)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)
}

describe('ConfigSidebar links', () => {
  it("name the establishment in every establishment page's address, not in the profile's", () => {
    render(<ConfigSidebar isAdmin isSuperAdmin={false} establishmentId={7} />)
    const panel = screen.getByRole('complementary', { name: 'Panel de Configuraciones' })
    const href = (name: string) => within(panel).getByRole('link', { name }).getAttribute('href')
    expect(href('Perfil de usuario')).toBe('/management/configuration/user-profile')
    expect(href('Usuarios')).toBe(
      '/management/establishment/configuration?seccion=usuarios&establecimiento=7',
    )
    expect(href('Crear rodeo')).toBe(
      '/management/establishment/configuration/rodeo-creation?establecimiento=7',
    )
  })
})

describe('ConfigSidebar with the router', () => {
  it.each([
    ['/management/establishment/configuration/rodeo-creation', 'rodeo', 'Crear rodeo'],
    ['/management/establishment/configuration', 'establecimiento', 'Configuración del establecimiento'],
    ['/management/establishment/configuration?seccion=usuarios', 'usuarios', 'Usuarios'],
    [
      '/management/establishment/configuration?seccion=establecimientos',
      'establecimientos',
      'Establecimientos',
    ],
    ['/management/configuration/user-profile', 'perfil', 'Perfil de usuario'],
  ])('marks only one button at %s', async (url, active, label) => {
    expect(await renderAt(url, active)).toEqual([label])
  })
})
