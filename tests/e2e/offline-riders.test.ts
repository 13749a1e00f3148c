import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, waitForHydration } from './support'
import { openRecorredores } from './support-riders'

/**
 * Issue 23 (decision 040, addendum h31): a rider in a paddock without signal records calvings and
 * treatments in Recorredores as the chute records weighings — kept on the device as 'pendiente',
 * surviving a reload, sent once when the signal comes back, and a refusal kept in 'Revisar' with
 * its Spanish reason. Each journey uses cows of La Esperanza no other journey of this run uses.
 */

const API = '/app-insights/api'
const DAY = 86_400_000

async function providerApi(page: Page) {
  const login = await page.request.post(`${API}/v2/auth/login`, {
    data: { username: 'admin@demo.test', password: DEMO_PASSWORD },
  })
  const { token } = (await login.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}` }
  return {
    get: async <T>(path: string): Promise<T> => {
      const response = await page.request.get(`${API}${path}`, { headers })
      expect(response.status(), path).toBe(200)
      return (await response.json()) as T
    },
    post: async (path: string, data: unknown) => {
      const response = await page.request.post(`${API}${path}`, { headers, data })
      expect(response.status(), `${path}: ${await response.text()}`).toBe(201)
    },
  }
}
type Provider = Awaited<ReturnType<typeof providerApi>>

/**
 * Live cows that may calve today (category 'Vaca', no calving in the last 300 days), with their
 * ids, from the establishment's snapshot (the device's own data), picked by the journey's index
 * among them so the journeys (and the two projects) use different cows.
 */
async function freeCows(page: Page, api: Provider, eid: number, count: number, skip: number) {
  const births = await api.get<{ data: { mother_visual_tag: string }[] }>(
    `/v2/establishments/${eid}/births?perPage=500&read_at_from=${new Date(Date.now() - 300 * DAY).toISOString().slice(0, 10)}`,
  )
  const recent = new Set(births.data.map((b) => b.mother_visual_tag))
  const response = await page.request.get(`/api/offline/snapshot?establishmentId=${eid}`)
  expect(response.status()).toBe(200)
  const snapshot = (await response.json()) as {
    animals: [string, string, string | null, number | null][]
    names: { categories: [number, string][] }
  }
  const cow = new Set(snapshot.names.categories.filter(([, name]) => name === 'Vaca').map(([id]) => id))
  const free = snapshot.animals
    .filter(([, tag, , category]) => category !== null && cow.has(category) && !recent.has(tag))
    .slice(skip, skip + count)
  expect(free.length, 'vacas libres en la demo').toBe(count)
  return free.map(([id, tag]) => ({ tag, id }))
}

/**
 * Opens a new record's form online and waits until the device is prepared: the snapshot stored
 * and this page kept by the service worker for a reload without signal.
 */
async function prepareDevice(page: Page, eid: number) {
  await page.getByRole('button', { name: 'Nuevo parto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo parto' })
  await expect
    .poll(
      () =>
        page.evaluate(async (establishmentId) => {
          const cache = await caches.open('insights-chute-pages')
          if ((await cache.match(location.href)) === undefined) return false
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open('insights-offline')
            open.onsuccess = () => resolve(open.result)
            open.onerror = () => reject(open.error)
          })
          try {
            if (!db.objectStoreNames.contains('snapshotMeta')) return false
            const meta = await new Promise((resolve) => {
              const get = db.transaction('snapshotMeta').objectStore('snapshotMeta').get(establishmentId)
              get.onsuccess = () => resolve(get.result)
              get.onerror = () => resolve(undefined)
            })
            return meta !== undefined
          } finally {
            db.close()
          }
        }, eid),
      { timeout: 30_000 },
    )
    .toBe(true)
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
}

async function scan(dialog: ReturnType<Page['getByRole']>, tag: string) {
  const field = dialog.getByLabel('Caravana (IDV o RFID)')
  await field.fill(tag)
  await field.press('Enter')
}

async function recordCalving(page: Page, motherTag: string, calfTag: string) {
  await page.getByRole('tab', { name: 'Partos' }).click()
  await page.getByRole('button', { name: 'Nuevo parto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo parto' })
  await scan(dialog, motherTag)
  // The mother's card, from the device's snapshot.
  await expect(dialog.getByRole('region', { name: `Animal ${motherTag}` })).toBeVisible()
  await dialog.getByLabel('Sexo del ternero').selectOption({ label: 'Hembra' })
  await dialog.getByLabel('Caravana del ternero (IDV)').fill(calfTag)
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(
    page.getByText('Parto guardado en el dispositivo: se sincronizará al volver la señal'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
}

async function recordTreatment(page: Page, animalTag: string) {
  await page.getByRole('tab', { name: 'Tratamientos' }).click()
  await expect(page).toHaveURL(/tab=tratamientos/)
  await page.getByRole('button', { name: 'Nuevo tratamiento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo tratamiento' })
  await scan(dialog, animalTag)
  await expect(dialog.getByRole('button', { name: `Quitar ${animalTag}` })).toBeVisible()
  await dialog.getByLabel('Producto').selectOption({ label: 'Antibiótico' })
  await dialog.getByLabel('Días de retiro').fill('30')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(
    page.getByText('Tratamiento guardado en el dispositivo: se sincronizará al volver la señal'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
}

test('Un recorredor registra sin señal un parto y un tratamiento, recarga sin señal y al volver la señal quedan una sola vez', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000)
  const eid = await openRecorredores(page)
  const api = await providerApi(page)
  const [mother, treated] = await freeCows(page, api, eid, 2, testInfo.project.name === 'phone' ? 30 : 20)
  if (!mother || !treated) throw new Error('faltan vacas')
  const calf = `TSS-${testInfo.project.name.slice(0, 2)}-${Date.now().toString(36)}`.toUpperCase()
  await prepareDevice(page, eid)

  await context.setOffline(true)
  await recordCalving(page, mother.tag, calf)
  await expect(page.getByRole('button', { name: '1 registro sin sincronizar' })).toBeVisible()
  await recordTreatment(page, treated.tag)
  await expect(page.getByRole('button', { name: '2 registros sin sincronizar' })).toBeVisible()

  // A reload without signal (on the page the worker kept): nothing is lost.
  await page.getByRole('tab', { name: 'Partos' }).click()
  await page.reload()
  await waitForHydration(page)
  const badge = page.getByRole('button', { name: '2 registros sin sincronizar' })
  await expect(badge).toBeVisible()
  await badge.click()
  const records = page.getByRole('dialog', { name: 'Registros sin sincronizar' })
  const pending = records.getByRole('region', { name: 'Pendientes' }).getByRole('listitem')
  await expect(pending).toHaveCount(2)
  await expect(pending.filter({ hasText: 'Parto' })).toContainText(mother.tag)
  await expect(pending.filter({ hasText: 'Parto' })).toContainText('pendiente')
  await expect(pending.filter({ hasText: 'Tratamiento' })).toContainText(treated.tag)
  await expectAccessible(page, 'Registros sin sincronizar de Recorredores')

  // Back on signal: sent by themselves, each once.
  await context.setOffline(false)
  await expect(records.getByText('No hay registros pendientes.')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('button', { name: /registros? sin sincronizar/ })).toBeHidden()
  const births = await api.get<{ data: { mother_visual_tag: string; calf_visual_tag: string | null }[] }>(
    `/v2/establishments/${eid}/births?perPage=500&read_at_from=${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)}`,
  )
  expect(births.data.filter((b) => b.mother_visual_tag === mother.tag)).toEqual([
    expect.objectContaining({ calf_visual_tag: calf }),
  ])
  // One calf: the establishment's live animals (the device's snapshot, read again) hold its tag once.
  const herd = await page.request.get(`/api/offline/snapshot?establishmentId=${eid}`)
  const { animals } = (await herd.json()) as { animals: [string, string][] }
  expect(animals.filter(([, tag]) => tag === calf)).toHaveLength(1)
  const treatments = await api.get<{ data: { visual_tag: string; treatment: string }[] }>(
    `/v2/establishments/${eid}/treatments?perPage=500&read_at_from=${new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10)}`,
  )
  expect(treatments.data.filter((row) => row.visual_tag === treated.tag)).toEqual([
    expect.objectContaining({ treatment: 'Antibiótico' }),
  ])
  const alerts = await api.get<{ data: { description: string }[] }>(`/v2/animals/${treated.id}/alerts`)
  expect(alerts.data.filter((alert) => /Antibiótico/.test(alert.description))).toHaveLength(1)
})

test('Un recorredor registra sin señal un parto y un tratamiento que el servidor rechaza y los encuentra en Revisar con el motivo', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000)
  const eid = await openRecorredores(page)
  const api = await providerApi(page)
  const [mother, dying] = await freeCows(page, api, eid, 2, testInfo.project.name === 'phone' ? 34 : 24)
  if (!mother || !dying) throw new Error('faltan vacas')
  await prepareDevice(page, eid)

  await context.setOffline(true)
  // Meanwhile, in the office: the mother's calving of 100 days ago and the other cow's death.
  const options = await api.get<{ data: { sexes: { id: number; description: string }[] } }>(
    `/v2/establishments/${eid}/rider-form-options`,
  )
  const earlier = new Date(Date.now() - 100 * DAY).toISOString().slice(0, 10)
  await api.post(`/v2/establishments/${eid}/births`, {
    mother_id: mother.id,
    read_at: earlier,
    sex_id: options.data.sexes[0]?.id,
    tag_pending: true,
  })
  const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10)
  await api.post(`/v2/establishments/${eid}/deaths`, { animal_id: dying.id, read_at: yesterday })

  await recordCalving(page, mother.tag, `TSR-${Date.now().toString(36)}`.toUpperCase())
  await recordTreatment(page, dying.tag)
  await context.setOffline(false)

  const badge = page.getByRole('button', { name: '2 registros sin sincronizar' })
  await expect(badge).toBeVisible({ timeout: 60_000 })
  await badge.click()
  const records = page.getByRole('dialog', { name: 'Registros sin sincronizar' })
  const review = records.getByRole('region', { name: 'Revisar' }).getByRole('listitem')
  await expect(review).toHaveCount(2, { timeout: 60_000 })
  await expect(review.filter({ hasText: 'Parto' })).toContainText(
    /entre dos partos deben pasar al menos 280 días/,
  )
  await expect(review.filter({ hasText: 'Tratamiento' })).toContainText(
    new RegExp(`El animal ${dying.tag} murió el .*: no se le puede registrar un tratamiento`),
  )
  await expectAccessible(page, 'Revisar en Recorredores')
})
