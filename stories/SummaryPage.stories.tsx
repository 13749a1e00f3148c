import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { expect, within } from 'storybook/test'
import { SummaryPage } from '~/features/insights/components/summary-page'
import type { Summary } from '~/features/insights/insights.schema'

/**
 * Resumen links with TanStack Router's `Link` (its numbers carry object-valued `filters`, which the
 * router serialises and AppLink's string search does not take), so the story renders inside a
 * memory router whose only route is the story: the links get the addresses the app gives them.
 */
const withRouter: Decorator = (Story) => {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <Story /> }),
    history: createMemoryHistory({ initialEntries: ['/management/establishment/summary'] }),
  })
  return <RouterProvider router={router} />
}

const summary: Summary = {
  head_count: 1482,
  by_category: [
    { id: 1, description: 'Vaca', count: 812 },
    { id: 2, description: 'Vaquillona', count: 341 },
    { id: 3, description: 'Ternero', count: 329 },
  ],
  by_rodeo: [
    { id: 10, description: 'Norte', count: 903 },
    { id: 11, description: 'Sur', count: 579 },
  ],
  alerts: {
    animals: 2,
    alerts: 3,
    sample: [
      {
        animal_id: '0c6b1f5e-3f1a-4c1e-9a55-5b2f1d1e0a01',
        visual_tag: 'A-0012',
        description: 'Revisar pezuña',
      },
      { animal_id: '0c6b1f5e-3f1a-4c1e-9a55-5b2f1d1e0a02', visual_tag: 'A-0345', description: 'Vacunar' },
    ],
  },
  last_sessions: [
    {
      id: 77,
      name: 'Tacto otoño',
      activity_date: '2026-10-20 00:00:00',
      work: 2,
      events: 640,
      headline: 86.4,
    },
    {
      id: 78,
      name: 'Pesada octubre',
      activity_date: '2026-10-28 00:00:00',
      work: 7,
      events: 410,
      headline: 312.5,
    },
  ],
  without_rfid: 57,
  not_weighed: 120,
  pregnancy_check_due: 34,
}

const meta = {
  title: 'Insights/Resumen',
  component: SummaryPage,
  decorators: [withRouter],
  args: { establishmentId: 1, establishmentName: 'La Esperanza', summary },
} satisfies Meta<typeof SummaryPage>

export default meta
type Story = StoryObj<typeof meta>

/** The herd today: every number opens the Animales list filtered to exactly those animals. */
export const Resumen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
    const heads = canvas.getByRole('link', { name: 'Cabezas: 1.482. Ver los animales' })
    await expect(heads.getAttribute('href')).toBe(
      '/management/establishment/app-insights/animals/1/breeding-herd',
    )
    const untagged = canvas.getByRole('link', { name: /^Sin RFID: 57\. Ver los animales$/ })
    const href = new URL(untagged.getAttribute('href') ?? '', 'http://localhost')
    await expect(href.pathname).toBe('/management/establishment/app-insights/animals/1/breeding-herd')
    await expect(JSON.parse(href.searchParams.get('filters') ?? 'null')).toEqual({ no_rfid: '1' })
    await expect(canvas.getByRole('link', { name: 'Tacto otoño' })).toBeVisible()
    await expect(canvas.getByText(/Preñez: 86,4 %/)).toBeVisible()
  },
}

/** A new establishment: nothing recorded yet. */
export const SinDatos: Story = {
  args: {
    summary: {
      ...summary,
      head_count: 0,
      by_category: [],
      by_rodeo: [],
      alerts: { animals: 0, alerts: 0, sample: [] },
      last_sessions: [],
      without_rfid: 0,
      not_weighed: 0,
      pregnancy_check_due: 0,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Ningún animal tiene alertas activas.')).toBeVisible()
    await expect(canvas.getByText('Todavía no hay sesiones de manga.')).toBeVisible()
  },
}
