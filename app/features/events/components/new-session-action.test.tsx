import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { CreateSessionBody } from '~/features/cattle-handling/cattle-handling.schema'
import { NewSessionAction } from './new-session-action'

const BASE = '/management/establishment/app-insights/cattlehandling'

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

/** Manga's two addresses, the page showing 'Nueva Sesión'; it starts on the inseminations' table. */
function renderManga(onCreate = vi.fn()) {
  const root = createRootRoute({ component: Outlet })
  const page = () => <NewSessionAction establishmentId={1} onCreate={onCreate} />
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: BASE, component: page }),
      createRoute({ getParentRoute: () => root, path: `${BASE}/pregnacy-check`, component: page }),
    ]),
    history: createMemoryHistory({ initialEntries: [BASE] }),
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, user: userEvent.setup() }
}

describe('Nueva Sesión en Manga', () => {
  it('dice que la descripción es obligatoria antes de enviar', async () => {
    const { user } = renderManga()
    await user.click(await screen.findByRole('button', { name: 'Nueva Sesión' }))
    await screen.findByRole('dialog', { name: 'Nueva Sesión' })
    const description = screen.getByLabelText(/^Descripción/)
    expect(description).toBeRequired()
    expect(screen.getByText('Obligatoria.')).toBeInTheDocument()
  })

  it('abre la pestaña del tipo de la nueva sesión mostrándola (la sesión de los formularios que se abran)', async () => {
    const onCreate = vi.fn(async (body: CreateSessionBody) => ({
      ok: true as const,
      session: {
        id: 77,
        establishment_id: 1,
        name: body.name,
        description: body.description,
        activity_date: body.activityDate,
        cattle_handling_work: body.cattle_handling_work,
        events: 0,
        animals: 0,
        version: 1,
      },
    }))
    const { router, user } = renderManga(onCreate)
    await user.click(await screen.findByRole('button', { name: 'Nueva Sesión' }))
    await screen.findByRole('dialog', { name: 'Nueva Sesión' })
    await user.type(screen.getByLabelText(/^Nombre/), 'Pesada otoño')
    await user.selectOptions(screen.getByLabelText('Tipo de trabajo'), 'Pesada')
    await user.type(screen.getByLabelText(/^Descripción/), 'Control de peso')
    await user.click(screen.getAllByRole('button', { name: 'Crear Sesión' }).at(-1) as HTMLElement)
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ type: 'weighings' }))
    expect(router.state.location.pathname).toBe(BASE)
    expect(router.state.location.search).toMatchObject({ filters: { cattle_handling: ['77'] } })
  })
})
