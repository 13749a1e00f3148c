import { type Page, request as playwrightRequest } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, startSignedIn, waitForHydration } from './support'

/**
 * Issue 23: the chute keeps working without signal (decision 040). Each journey works in Santa
 * Rosa with a weighing session of its own, recorded through the chute's keyboard path (tag +
 * Enter, weight + Enter), and counts the rows the server wrote through the API.
 */

const API = '/app-insights/api'
const USER = 'superadmin@demo.test'

async function apiFor(baseURL: string | undefined) {
  const api = await playwrightRequest.newContext({ baseURL })
  const login = await api.post(`${API}/v2/auth/login`, { data: { username: USER, password: DEMO_PASSWORD } })
  expect(login.status()).toBe(200)
  const { token } = (await login.json()) as { token: string }
  return { api, headers: { authorization: `Bearer ${token}` } }
}

type Api = Awaited<ReturnType<typeof apiFor>>

async function createSession({ api, headers }: Api, establishmentId: number, name: string) {
  const response = await api.post(`${API}/v2/cattle-handlings`, {
    headers,
    data: {
      establishmentId,
      name,
      activityDate: '2025-06-01',
      description: 'Pesada sin señal',
      cattle_handling_work: 7,
    },
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { data: { id: number } }).data.id
}

async function weighingsOf({ api, headers }: Api, establishmentId: number, sessionId: number) {
  const response = await api.get(
    `${API}/v2/establishment/${establishmentId}/weighing?cattle_handling=${sessionId}&perPage=100`,
    { headers },
  )
  expect(response.status()).toBe(200)
  const page = (await response.json()) as { data: { visible_tag: string }[]; meta: { total: number } }
  return page
}

/** Santa Rosa's Manga page, and its establishment id (from the address). */
async function openManga(page: Page) {
  await startSignedIn(page, USER)
  await page.getByRole('button', { name: /Santa Rosa/ }).click()
  await page.getByRole('link', { name: 'Manga', exact: true }).click()
  await expect(page).toHaveURL(/\/cattlehandling/)
  await waitForHydration(page)
  const list = await api.api.get(`${API}/v2/establishments`, { headers: api.headers })
  const body = (await list.json()) as
    | { data?: { id: number; name: string }[] }
    | { id: number; name: string }[]
  const establishments = Array.isArray(body) ? body : (body.data ?? [])
  const id = establishments.find((each) => /Santa Rosa/.test(each.name))?.id ?? 0
  expect(id).toBeGreaterThan(0)
  return id
}

/** Live animals of the establishment, from the same snapshot the device keeps. */
async function someAnimals(page: Page, establishmentId: number, count: number, skip: number) {
  const response = await page.request.get(`/api/offline/snapshot?establishmentId=${establishmentId}`)
  expect(response.status()).toBe(200)
  const snapshot = (await response.json()) as { animals: [string, string][] }
  return snapshot.animals.slice(skip, skip + count).map(([id, tag]) => ({ id, tag }))
}

/**
 * Opens 'Nueva Pesada' on the session (chute mode), and waits until the device is prepared: the
 * snapshot stored and the page kept by the service worker for a reload without signal.
 */
async function openChute(page: Page, sessionName: string) {
  await page.getByRole('button', { name: 'Nueva Pesada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nueva Pesada' })
  await dialog.getByLabel('Sesión', { exact: true }).selectOption({ label: sessionName })
  await expect(page.getByText(/Datos para trabajar sin conexión: [\d.]+ animales/)).toBeVisible({
    timeout: 30_000,
  })
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('insights-chute-pages')
          return (await cache.match(location.href)) !== undefined
        }),
      { timeout: 30_000 },
    )
    .toBe(true)
  return dialog
}

async function weigh(dialog: ReturnType<Page['getByRole']>, tag: string, weight: number) {
  const tagField = dialog.getByLabel('Caravana (IDV o RFID)')
  await expect(tagField).toBeFocused()
  await tagField.fill(tag)
  const scanned = Date.now()
  await tagField.press('Enter')
  await expect(dialog.getByRole('region', { name: `Animal ${tag}` })).toBeVisible()
  const cardMs = Date.now() - scanned
  const field = dialog.getByLabel('Peso (kg)')
  await expect(field).toBeFocused()
  await field.fill(String(weight).replace('.', ','))
  await field.press('Enter')
  await expect(dialog.getByRole('region', { name: `Animal ${tag}` })).toBeHidden()
  return cardMs
}

let api: Api
test.beforeAll(async ({ baseURL }) => {
  api = await apiFor(baseURL)
})
test.afterAll(async () => {
  await api.api.dispose()
})

test('Un operador pesa 30 animales sin señal, recarga la página sin señal y al volver la señal se sincronizan una sola vez', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  const establishmentId = await openManga(page)
  const sessionName = `E2E23 sin señal ${Date.now().toString(36)}`
  const sessionId = await createSession(api, establishmentId, sessionName)
  const animals = await someAnimals(page, establishmentId, 30, 200)
  await page.reload()
  await waitForHydration(page)
  const dialog = await openChute(page, sessionName)
  await expectAccessible(page, 'Nueva Pesada en modo manga, preparada')

  await context.setOffline(true)
  await expect(page.getByText('Sin conexión: los registros se guardan en este dispositivo')).toBeVisible()
  const started = Date.now()
  const cardTimes: number[] = []
  for (const [i, animal] of animals.entries()) {
    cardTimes.push(await weigh(dialog, animal.tag, 300 + i))
  }
  const minutes = (Date.now() - started) / 60_000
  const perMinute = animals.length / minutes
  console.log(
    `[offline-chute] 30 pesadas sin señal en ${(minutes * 60).toFixed(1)} s (${perMinute.toFixed(0)} animales/min); ` +
      `tarjeta tras el Enter: mediana ${cardTimes.sort((a, b) => a - b)[15]} ms, máx ${cardTimes.at(-1)} ms (con Playwright)`,
  )
  // The chute's speed goal holds without signal.
  expect(perMinute).toBeGreaterThanOrEqual(10)
  await expect(dialog.getByText('pendiente').first()).toBeVisible()
  // Chute mode shows the unsynced count itself: its dialog covers the header's badge.
  await expect(dialog.getByRole('button', { name: '30 registros sin sincronizar' })).toBeVisible()
  await expectAccessible(page, 'Nueva Pesada sin señal, con registros pendientes')

  // A reload without signal: the service worker serves the chute's page; nothing was lost.
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByRole('button', { name: '30 registros sin sincronizar' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Trabajo sin conexión' }).getByText('30 registros sin sincronizar'),
  ).toBeVisible()
  await page.getByRole('button', { name: '30 registros sin sincronizar' }).click()
  const records = page.getByRole('dialog', { name: 'Registros sin sincronizar' })
  await expect(records.getByRole('region', { name: 'Pendientes' }).getByRole('listitem')).toHaveCount(30)
  await expectAccessible(page, 'Registros sin sincronizar')
  expect((await weighingsOf(api, establishmentId, sessionId)).data.length).toBe(0)

  // Back on signal: the outbox syncs by itself, each record once.
  await context.setOffline(false)
  await expect(records.getByText('No hay registros pendientes.')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: /registros? sin sincronizar/ })).toBeHidden()
  const written = await weighingsOf(api, establishmentId, sessionId)
  expect(written.data.length).toBe(30)
  expect(new Set(written.data.map((row) => row.visible_tag))).toEqual(new Set(animals.map((a) => a.tag)))
})

/**
 * The chute's dialog is modal: while it is open, the header badge and the Manga page's offline bar
 * are outside the accessibility tree, so a role query for the badge finds nothing (and 'hidden'
 * holds at once, whatever the outbox holds). The operator closes the chute to read the sync state.
 */
async function closeChute(dialog: ReturnType<Page['getByRole']>) {
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('Un operador sincroniza aunque se pierda la respuesta de un envío, y el registro queda una sola vez', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const establishmentId = await openManga(page)
  const sessionName = `E2E23 respuesta perdida ${Date.now().toString(36)}`
  const sessionId = await createSession(api, establishmentId, sessionName)
  const animals = await someAnimals(page, establishmentId, 2, 300)
  await page.reload()
  await waitForHydration(page)
  const dialog = await openChute(page, sessionName)

  await context.setOffline(true)
  for (const [i, animal] of animals.entries()) await weigh(dialog, animal.tag, 410 + i)
  // The chute's own count (its dialog covers the header's badge and the page's bar).
  await expect(dialog.getByRole('button', { name: '2 registros sin sincronizar' })).toBeVisible()

  // The first sync request reaches the server, which writes the weighing; its answer is lost.
  let dropped = 0
  await page.route('**/_serverFn/**', async (route) => {
    const body = route.request().postData() ?? ''
    if (dropped === 0 && body.includes('payload')) {
      dropped++
      await route.fetch()
      return route.abort('connectionreset')
    }
    return route.continue()
  })
  await context.setOffline(false)
  await closeChute(dialog)
  // The first record waits its backoff after the lost answer, then both go: the bar empties.
  await expect(page.getByRole('region', { name: 'Trabajo sin conexión' })).not.toContainText(
    'sin sincronizar',
    {
      timeout: 60_000,
    },
  )
  await expect(page.getByRole('button', { name: /registros? sin sincronizar/ })).toBeHidden()
  expect(dropped).toBe(1)
  const written = await weighingsOf(api, establishmentId, sessionId)
  expect(written.data.length).toBe(2)
  expect(written.data.filter((row) => row.visible_tag === animals[0]?.tag)).toHaveLength(1)
})

test('Un operador pesa sin señal un animal que otra persona eliminó y lo encuentra en Revisar con el motivo', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const establishmentId = await openManga(page)
  const sessionName = `E2E23 revisar ${Date.now().toString(36)}`
  const sessionId = await createSession(api, establishmentId, sessionName)
  const [kept, removed] = await someAnimals(page, establishmentId, 2, 400)
  if (!kept || !removed) throw new Error('faltan animales')
  await page.reload()
  await waitForHydration(page)
  const dialog = await openChute(page, sessionName)

  await context.setOffline(true)
  // Meanwhile, in the office, someone deletes one of them.
  const deleted = await api.api.delete(`${API}/v1/establishment/${establishmentId}/animals/${removed.id}`, {
    headers: api.headers,
  })
  expect(deleted.status()).toBe(200)
  await weigh(dialog, kept.tag, 350)
  await weigh(dialog, removed.tag, 351)
  await context.setOffline(false)
  // Chute mode follows the sync: the kept weighing loses its 'pendiente', the other is to review.
  const recent = dialog.getByRole('region', { name: 'Últimos registrados' }).getByRole('listitem')
  const recentOf = (tag: string) => recent.filter({ has: page.getByText(tag, { exact: true }) })
  await expect(recentOf(removed.tag)).toContainText('para revisar', { timeout: 60_000 })
  await expect(recentOf(kept.tag)).not.toContainText(/pendiente|para revisar/)
  await closeChute(dialog)

  const badge = page.getByRole('button', { name: '1 registro sin sincronizar' })
  await expect(badge).toBeVisible({ timeout: 60_000 })
  await badge.click()
  const records = page.getByRole('dialog', { name: 'Registros sin sincronizar' })
  const review = records.getByRole('region', { name: 'Revisar' })
  await expect(review.getByRole('listitem')).toHaveCount(1)
  await expect(review.getByRole('listitem')).toContainText(removed.tag)
  await expect(review.getByRole('listitem')).toContainText(/animal/i)
  await expectAccessible(page, 'Revisar')
  const written = await weighingsOf(api, establishmentId, sessionId)
  expect(written.data.map((row) => row.visible_tag)).toEqual([kept.tag])

  // Discarded only when the person says so.
  await review.getByRole('button', { name: 'Descartar' }).click()
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: '¿Descartar este registro?' }))
    .getByRole('button', { name: 'Descartar' })
    .click()
  await expect(review.getByRole('listitem')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /registros? sin sincronizar/ })).toBeHidden()
})

/**
 * Issue 23 part 5: with 100,000 animals on the device, an offline scan shows its context card in
 * ≤ 50 ms, as the app measures it (the 'insights:scan-to-card' User Timing measure, from the tag's
 * Enter to the card in the page; Playwright's own round trips are not counted). The demo herd is
 * small, so the device's snapshot is filled up to 100,000 animals — the real ones and copies of
 * them under new tags — in the structure `storeSnapshot` writes (chunks of 5,000 tuples).
 */
test('Un operador escanea sin señal con 100.000 animales en el dispositivo y ve la tarjeta del animal en 50 ms o menos', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  const establishmentId = await openManga(page)
  const sessionName = `E2E23 100k ${Date.now().toString(36)}`
  await createSession(api, establishmentId, sessionName)
  await page.reload()
  await waitForHydration(page)
  await closeChute(await openChute(page, sessionName))

  const TOTAL = Number(process.env.SCAN_ANIMALS ?? 100_000)
  const stored = await page.evaluate(
    async ({ establishmentId, total }) => {
      const done = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const usage = async () => (await navigator.storage.estimate()).usage ?? 0
      const before = await usage()
      const db = await done(indexedDB.open('insights-offline'))
      const range = IDBKeyRange.bound([establishmentId, 0], [establishmentId, Number.MAX_SAFE_INTEGER])
      const read = db.transaction(['snapshotMeta', 'snapshotChunks'])
      const meta = await done(read.objectStore('snapshotMeta').get(establishmentId))
      const chunks = (await done(read.objectStore('snapshotChunks').getAll(range))) as {
        animals: unknown[][]
      }[]
      const animals = chunks.flatMap((chunk) => chunk.animals)
      const real = animals.length
      for (let i = 0; animals.length < total; i++) {
        const model = animals[i % real] as unknown[]
        animals.push([crypto.randomUUID(), `S100K-${String(i).padStart(6, '0')}`, null, ...model.slice(3)])
      }
      const write = db.transaction(['snapshotMeta', 'snapshotChunks'], 'readwrite')
      const store = write.objectStore('snapshotChunks')
      store.delete(range)
      const size = 5_000
      const count = Math.ceil(animals.length / size)
      for (let index = 0; index < count; index++)
        store.put({ establishmentId, index, animals: animals.slice(index * size, (index + 1) * size) })
      write
        .objectStore('snapshotMeta')
        .put({ ...meta, count: animals.length, chunks: count, storedAt: new Date().toISOString() })
      await new Promise((resolve, reject) => {
        write.oncomplete = resolve
        write.onerror = () => reject(write.error)
      })
      db.close()
      return { real, count: animals.length, usageBefore: before, usageAfter: await usage() }
    },
    { establishmentId, total: TOTAL },
  )
  expect(stored.count).toBe(TOTAL)

  // A new page opens the device's 100,000 animals (read and indexed in memory), then loses signal.
  await page.reload()
  await waitForHydration(page)
  const dialog = await openChute(page, sessionName)
  await expect(
    page.getByText(`Datos para trabajar sin conexión: ${TOTAL.toLocaleString('es-AR')} animales`, {
      exact: false,
    }),
  ).toBeVisible()
  await context.setOffline(true)
  const tagField = dialog.getByLabel('Caravana (IDV o RFID)')
  const scans = 40
  for (let i = 0; i < scans; i++) {
    // Spread over the snapshot: the real animals' copies, from the first chunk to the last.
    const tag = `S100K-${String(Math.floor((i * (TOTAL - stored.real - 1)) / (scans - 1))).padStart(6, '0')}`
    await tagField.fill(tag)
    await tagField.press('Enter')
    // Waits on the app's own measure, not on a role query: Playwright's role engine runs on the
    // page's main thread and would be counted in the app's time while it polls.
    await page.waitForFunction(
      (count) => performance.getEntriesByName('insights:scan-to-card').length === count,
      i + 1,
      { polling: 50 },
    )
    await expect(dialog.locator(`section[aria-label="Animal ${tag}"]`)).toBeVisible()
    // The chute then moves the focus to the weight, as the operator expects; the next scan waits for it.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'weight', undefined, {
      polling: 50,
    })
  }
  const times = await page.evaluate(() =>
    performance.getEntriesByName('insights:scan-to-card').map((entry) => entry.duration),
  )
  expect(times).toHaveLength(scans)
  const sorted = [...times].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? 0
  console.log(
    `[offline-chute] ${stored.count} animales en el dispositivo (${stored.real} reales); ` +
      `escaneo → tarjeta sin señal (la app): mediana ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, máx ${sorted.at(-1)?.toFixed(1)} ms; ` +
      `uso del almacenamiento ${(stored.usageBefore / 2 ** 20).toFixed(1)} → ${(stored.usageAfter / 2 ** 20).toFixed(1)} MB`,
  )
  expect(median).toBeLessThanOrEqual(50)
})
