import type { APIRequestContext, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, startSignedIn, waitForHydration } from './support'

const API = '/app-insights/api'

/** A bearer token for arranging data through the provider API (the journey's own steps use the UI). */
async function apiToken(request: APIRequestContext, email: string) {
  const response = await request.post(`${API}/v2/auth/login`, {
    data: { username: email, password: DEMO_PASSWORD },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { token: string }).token
}

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(`${API}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  })
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true)
  return (await response.json()) as T
}

/** Opens one framework section of Configuración (`?seccion=`) and waits for its table. */
async function openSection(page: Page, seccion: string, heading: string, table: string) {
  await page.goto(`/management/establishment/configuration?seccion=${seccion}`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.getByRole('table', { name: table })).toBeVisible()
  // Loaded (while loading the footer is dimmed, and axe would read its contrast so).
  await expect(page.getByRole('table', { name: table })).not.toHaveAttribute('aria-busy', 'true')
}

/**
 * Opens a dialog from a button of a section. The section is loaded lazily and hydrates after the
 * page does, so a press that lands before its hydration is pressed again.
 */
async function openDialog(page: Page, button: string, dialog: string) {
  const opened = page.getByRole('dialog', { name: dialog })
  await expect(async () => {
    if (!(await opened.isVisible())) await page.getByRole('button', { name: button }).click()
    await expect(opened).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  return opened
}

test('Un administrador da de alta un toro y un inseminador, renombra uno y archiva el toro que murió: sale del selector de la manga y las inseminaciones viejas lo siguen nombrando', async ({
  page,
}, testInfo) => {
  // A long story (two sections, API arrangements, the Manga): three times the usual time.
  test.slow()
  // Names of this project and attempt: the projects share the server's data.
  const stamp = `${testInfo.project.name}${testInfo.retry}${Date.now() % 100_000}`
  const bullName = `Pampero ${stamp}`
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/establecimiento=(\d+)/)
  const eid = Number(/establecimiento=(\d+)/.exec(page.url())?.[1])

  // A bull, from its table's dialog.
  await openSection(page, 'toros', 'Toros', 'Toros')
  let dialog = await openDialog(page, 'Agregar toro', 'Agregar toro')
  await dialog.getByLabel('Alias').fill(bullName)
  await dialog.getByLabel('Registro o RFID').fill('HBA 4411')
  await expectAccessible(page, 'Configuración, Agregar toro')
  await dialog.getByRole('button', { name: 'Agregar' }).click()
  await expect(page.getByText('Toro creado con éxito')).toBeVisible()
  await expect(dialog).toBeHidden()
  const bulls = page.getByRole('table', { name: 'Toros' })
  await expect(bulls.getByRole('cell', { name: bullName, exact: true })).toBeVisible()
  // The same name with other case and accents is refused under the field.
  dialog = await openDialog(page, 'Agregar toro', 'Agregar toro')
  await dialog.getByLabel('Alias').fill(bullName.toUpperCase().replace('E', 'É'))
  await dialog.getByRole('button', { name: 'Agregar' }).click()
  await expect(
    dialog.getByText(`Ya existe un toro llamado «${bullName}» en este establecimiento`),
  ).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
  await expectAccessible(page, 'Configuración, Toros')

  // An inseminator, then renamed.
  await openSection(page, 'inseminadores', 'Inseminadores', 'Inseminadores')
  dialog = await openDialog(page, 'Agregar inseminador', 'Agregar inseminador')
  await dialog.getByLabel('Nombre').fill('Nora')
  await dialog.getByLabel('Apellido').fill(`Vidal ${stamp}`)
  await dialog.getByRole('button', { name: 'Agregar' }).click()
  await expect(page.getByText('Inseminador creado con éxito')).toBeVisible()
  await page.getByRole('button', { name: `Editar inseminador Nora Vidal ${stamp}` }).click()
  dialog = page.getByRole('dialog', { name: 'Editar inseminador' })
  await expect(dialog.getByLabel('Apellido')).toHaveValue(`Vidal ${stamp}`)
  await dialog.getByLabel('Apellido').fill(`Vidal Ruiz ${stamp}`)
  await expectAccessible(page, 'Configuración, Editar inseminador')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Inseminador modificado con éxito')).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: 'Inseminadores' })
      .getByRole('cell', { name: `Vidal Ruiz ${stamp}`, exact: true }),
  ).toBeVisible()

  // Arranged through the API: a cow inseminated with the new bull last month, in a session of its own.
  const token = await apiToken(page.request, 'admin@demo.test')
  const framework = (
    await api<{ data: Record<string, { id: number; description: string }[]> }>(
      page.request,
      token,
      'GET',
      '/v2/framework',
    )
  ).data
  const id = (list: string, description: string) => {
    const row = (framework[list] ?? []).find((candidate) => candidate.description === description)
    if (!row) throw new Error(`falta ${description} en el marco general`)
    return row.id
  }
  const cowTag = `FW-${stamp}`
  const cow = await api<{ data: { animal_id: string } }>(
    page.request,
    token,
    'POST',
    `/v3/establishments/${eid}/animals`,
    {
      visual_tag: cowTag,
      animal_type_id: id('animal_types', 'Vaca'),
      breed_id: id('breeds', 'Angus'),
      color_id: id('colors', 'negro'),
      gender: id('sex', 'Hembra'),
      check_in_type_id: id('check_in_types', 'Compra'),
      date_of_birth: '2020-05-01',
    },
  )
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)
  const session = await api<{ data: { id: number } }>(page.request, token, 'POST', '/v2/cattle-handlings', {
    name: `IA ${stamp}`,
    establishmentId: eid,
    activityDate: monthAgo,
    description: 'Inseminación de prueba',
    cattle_handling_work: 1,
  })
  const ownBulls = await api<{ data: { id: number; alias: string }[] }>(
    page.request,
    token,
    'GET',
    `/v2/establishments/${eid}/bulls`,
  )
  const bullId = ownBulls.data.find((bull) => bull.alias === bullName)?.id
  await api(page.request, token, 'POST', `/v2/establishment/${eid}/artificial-inseminations`, {
    animal_id: cow.data.animal_id,
    bull_id: bullId,
    inseminator_id: 'null',
    read_at: monthAgo,
    cattle_handling_id: session.data.id,
  })

  // The bull died: in use, it cannot be deleted, so it is archived.
  await openSection(page, 'toros', 'Toros', 'Toros')
  await expect(page.getByRole('button', { name: `Eliminar toro ${bullName}` })).toHaveCount(0)
  const confirm = page.getByRole('alertdialog', { name: `¿Archivar el toro «${bullName}»?` })
  await expect(async () => {
    if (!(await confirm.isVisible()))
      await page.getByRole('button', { name: `Archivar toro ${bullName}` }).click()
    await expect(confirm).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await confirm.getByRole('button', { name: 'Archivar' }).click()
  await expect(page.getByText('Toro archivado con éxito')).toBeVisible()
  await expect(bulls.getByRole('cell', { name: bullName, exact: true })).toHaveCount(0)
  // Still there behind 'Mostrar archivados', and restorable.
  await page.getByText('Mostrar archivados').click()
  const archivedRow = bulls.getByRole('row').filter({ hasText: bullName })
  await expect(archivedRow.getByText('Archivado')).toBeVisible()
  await expect(page.getByRole('button', { name: `Restaurar toro ${bullName}` })).toBeVisible()

  // In the Manga: the old insemination still names the bull; the record form no longer offers it.
  // Client-side, from the menu: the Manga's caches are the ones the change refreshed.
  await page.getByRole('link', { name: 'Manga', exact: true }).click()
  await expect(page).toHaveURL(/\/cattlehandling/)
  // Inseminaciones is the Manga's first table (no `type` in its link).
  await page.getByRole('link', { name: 'Inseminaciones' }).click()
  await expect(page.getByRole('link', { name: 'Inseminaciones' })).toHaveAttribute('aria-current', 'page')
  const inseminations = page.getByRole('table', { name: 'Inseminaciones' })
  await page.getByPlaceholder('Buscar IDV').fill(cowTag)
  await expect(inseminations.locator('tbody tr')).toHaveCount(1)
  await expect(inseminations.getByRole('cell', { name: bullName, exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Nueva Inseminación' }).click()
  const record = page.getByRole('dialog', { name: 'Nueva Inseminación' })
  const bullPicker = record.getByLabel('Toro', { exact: true }).first()
  await expect(bullPicker.locator('option').nth(1)).toBeAttached()
  expect(await bullPicker.locator('option').allTextContents()).not.toContain(bullName)
  await expectAccessible(page, 'Manga, Nueva Inseminación sin el toro archivado')
})

test('Un usuario ve los toros del establecimiento pero no puede modificarlos', async ({ page }) => {
  await startSignedIn(page, 'usuario@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/establecimiento=\d+/)
  await openSection(page, 'toros', 'Toros', 'Toros')
  await expect(
    page.getByText(/Solo un administrador del establecimiento puede modificar los toros/),
  ).toBeVisible()
  await expect(page.getByRole('table', { name: 'Toros' }).locator('tbody tr').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Agregar toro' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Archivar toro/ })).toHaveCount(0)
  await expectAccessible(page, 'Configuración, Toros (usuario)')
})

test('Un administrador lee en la auditoría quién cambió qué, filtrado por entidad', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name}${testInfo.retry}${Date.now() % 100_000}`
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/establecimiento=\d+/)
  await openSection(page, 'origenes', 'Orígenes', 'Orígenes')
  const dialog = await openDialog(page, 'Agregar origen', 'Agregar origen')
  await dialog.getByLabel('Origen', { exact: true }).fill(`Remate ${stamp}`)
  await dialog.getByRole('button', { name: 'Agregar' }).click()
  await expect(page.getByText('Origen creado con éxito')).toBeVisible()

  await page.goto('/management/establishment/configuration?seccion=auditoria&entidad=origin')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible()
  const log = page.getByRole('table', { name: 'Registros de auditoría' })
  const row = log.getByRole('row').filter({ hasText: `Remate ${stamp}` })
  await expect(row).toBeVisible()
  await expect(row.getByText(`Descripción: «Remate ${stamp}»`)).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Alta', exact: true })).toBeVisible()
  await expectAccessible(page, 'Configuración, Auditoría')
})
