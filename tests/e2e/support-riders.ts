import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD, startSignedIn, waitForHydration } from './support'

/** The Recorredores journeys' helpers (riders.test.ts, rider-bulk-upload.test.ts). */

/** Answers of the provider API, to choose demo animals the journeys can use (the journeys act in the UI). */
export async function providerApi(page: Page) {
  const login = await page.request.post('/app-insights/api/v2/auth/login', {
    data: { username: 'admin@demo.test', password: DEMO_PASSWORD },
  })
  const { token } = (await login.json()) as { token: string }
  return async <T>(path: string): Promise<T> => {
    const response = await page.request.get(`/app-insights/api${path}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status(), path).toBe(200)
    return (await response.json()) as T
  }
}

const DAY = 86_400_000

/**
 * Live cows of La Esperanza that may calve today: females in the herd (the mother picker) with no
 * calving in the last 280 days, none already used by this run.
 */
export async function cowsFree(
  page: Page,
  eid: number,
  count: number,
  skip: ReadonlySet<string> = new Set(),
) {
  const get = await providerApi(page)
  const mothers = await get<{ data: { caravana_visual: string }[] }>(
    `/v2/establishments/${eid}/animals/picker?mode=mother&perPage=50`,
  )
  const births = await get<{ data: { mother_visual_tag: string; read_at: string }[] }>(
    `/v2/establishments/${eid}/births?perPage=500&read_at_from=${new Date(Date.now() - 300 * DAY).toISOString().slice(0, 10)}`,
  )
  const recent = new Set(births.data.map((b) => b.mother_visual_tag))
  const free = mothers.data.map((m) => m.caravana_visual).filter((tag) => !recent.has(tag) && !skip.has(tag))
  expect(free.length, 'vacas libres en la demo').toBeGreaterThanOrEqual(count)
  return free.slice(0, count)
}

export async function openRecorredores(page: Page) {
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/establecimiento=(\d+)/)
  const eid = Number(/establecimiento=(\d+)/.exec(page.url())?.[1])
  await page.goto(`/management/establishment/app-insights/rerunner/${eid}/births`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Recorredores' })).toBeVisible()
  return eid
}
