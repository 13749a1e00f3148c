import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useSearch,
} from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { KIND_OF_TYPE } from '../events.view'
import { MangaTabs } from './manga-tabs'

const BASE = '/management/establishment/app-insights/cattlehandling'

/** The two Manga addresses of the app (the page with ?type= and pregnacy-check below it), showing the tabs. */
function renderAt(url: string) {
  const root = createRootRoute({ component: Outlet })
  const manga = createRoute({
    getParentRoute: () => root,
    path: BASE,
    validateSearch: (search: Record<string, unknown>) => search as { type?: keyof typeof KIND_OF_TYPE },
    component: function Manga() {
      const { type } = useSearch({ strict: false }) as { type?: keyof typeof KIND_OF_TYPE }
      return <MangaTabs kind={KIND_OF_TYPE[type ?? 'artificial-inseminations']} />
    },
  })
  const checks = createRoute({
    getParentRoute: () => root,
    path: `${BASE}/pregnacy-check`,
    component: () => <MangaTabs kind="pregnancy-check" />,
  })
  const router = createRouter({
    routeTree: root.addChildren([manga, checks]),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  render(<RouterProvider router={router} />)
}

async function currentTabs() {
  const nav = await screen.findByRole('navigation', { name: 'Tablas de Manga' })
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent)
}

describe('MangaTabs', () => {
  it('marca solo Diag. Gestación como actual en pregnacy-check', async () => {
    renderAt(`${BASE}/pregnacy-check?page=2`)
    expect(await currentTabs()).toEqual(['Diag. Gestación'])
  })

  it('marca una sola pestaña en la página con ?type=', async () => {
    renderAt(BASE)
    expect(await currentTabs()).toEqual(['Inseminaciones'])
  })

  it('marca la pestaña de la tabla mostrada aunque la dirección lleve filtros o página', async () => {
    renderAt(`${BASE}?type=weighings&page=2`)
    expect(await currentTabs()).toEqual(['Pesadas'])
  })
})
