import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { waitForHydration } from './support'
import { cowsFree, openRecorredores, providerApi } from './support-riders'

/** Recorredores on a phone (issue 21): a rider's calving, death and treatments, and where they show. */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** Scans a tag into the open form's picker (a stick reader types it and presses Enter). */
async function scan(page: Page, dialogName: string, tag: string) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  const field = dialog.getByLabel('Caravana (IDV o RFID)')
  await field.fill(tag)
  await field.press('Enter')
  return dialog
}

test('Un recorredor registra un parto con caravana nueva y el ternero aparece en Animales con su madre', async ({
  page,
}, testInfo) => {
  const eid = await openRecorredores(page)
  const [cow] = await cowsFree(page, eid, 1)
  const calf = `TE2E-${testInfo.project.name.slice(0, 2)}-${Date.now().toString(36)}`.toUpperCase()

  await page.getByRole('button', { name: 'Nuevo parto' }).click()
  const dialog = await scan(page, 'Nuevo parto', cow as string)
  await expect(dialog.getByRole('region', { name: `Animal ${cow}` })).toBeVisible()
  await dialog.getByLabel('Sexo del ternero').selectOption({ label: 'Hembra' })
  const weight = dialog.getByLabel('Peso al nacer (kg)')
  await expect(weight).toHaveAttribute('inputmode', 'decimal')
  await weight.fill('32,5')
  await dialog.getByLabel('Caravana del ternero (IDV)').fill(calf)
  await expectAccessible(page, 'Nuevo parto')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Parto registrado')).toBeVisible()
  await expect(dialog).toBeHidden()
  const table = page.getByRole('table', { name: 'partos' })
  await expect(table.getByRole('cell', { name: calf, exact: true })).toBeVisible()
  await expectAccessible(page, 'Recorredores: Partos')

  // The calf is an animal of the herd, with its mother.
  await page.goto(
    `/management/establishment/app-insights/animals/${eid}/breeding-herd?filters=${encodeURIComponent(JSON.stringify({ visual_tag: calf }))}`,
  )
  const animals = page.getByRole('table', { name: 'Animales' })
  await expect(animals.getByRole('cell', { name: calf, exact: true })).toBeVisible()
  await page.goto(`/management/establishment/app-insights/animal/${calf}?establecimiento=${eid}`)
  await expect(page.getByRole('link', { name: cow as string, exact: true })).toBeVisible()
  await expect(page.getByText('Ternera', { exact: true }).first()).toBeVisible()
})

test('Un recorredor registra una muerte y el animal sale de la lista de vivos y del selector', async ({
  page,
}) => {
  const eid = await openRecorredores(page)
  const [cow] = await cowsFree(page, eid, 1)
  await page.getByRole('tab', { name: 'Muertes' }).click()
  await expect(page).toHaveURL(/tab=muertes/)
  await page.getByRole('button', { name: 'Nueva muerte' }).click()
  const dialog = await scan(page, 'Nueva muerte', cow as string)
  await expect(dialog.getByRole('region', { name: `Animal ${cow}` })).toBeVisible()
  await dialog.getByLabel('Causa').selectOption({ label: 'Neumonía' })
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Muerte registrada')).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'muertes' }).getByRole('cell', { name: cow, exact: true }),
  ).toBeVisible()
  await expectAccessible(page, 'Recorredores: Muertes')

  // Out of the live list (Animales shows the herd: 'Sin Resultados.' for its tag)…
  await page.goto(
    `/management/establishment/app-insights/animals/${eid}/breeding-herd?filters=${encodeURIComponent(JSON.stringify({ visual_tag: cow }))}`,
  )
  await expect(page.getByText('Sin Resultados.')).toBeVisible()
  // … out of the mother picker, and refused by the riders' forms.
  const get = await providerApi(page)
  const picker = await get<{ data: unknown[] }>(
    `/v2/establishments/${eid}/animals/picker?mode=mother&visual_tag=${encodeURIComponent(cow as string)}`,
  )
  expect(picker.data.filter((a) => (a as { caravana_visual: string }).caravana_visual === cow)).toEqual([])
  await page.goto(`/management/establishment/app-insights/rerunner/${eid}/births?tab=tratamientos`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nuevo tratamiento' }).click()
  const again = await scan(page, 'Nuevo tratamiento', cow as string)
  await expect(again.getByText(`El animal ${cow} ya no está en el rodeo`)).toBeVisible()
  await expect(again.getByRole('list', { name: 'Animales a tratar' }).getByRole('listitem')).toHaveCount(0)
})

test('Un recorredor trata tres animales y la alerta de retiro se ve en cada uno y en la manga', async ({
  page,
}) => {
  const eid = await openRecorredores(page)
  const tags = await cowsFree(page, eid, 8)
  // Other journeys of this run use the first free cows: these come from the end.
  const treated = tags.slice(-3)
  await page.getByRole('tab', { name: 'Tratamientos' }).click()
  await page.getByRole('button', { name: 'Nuevo tratamiento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo tratamiento' })
  const list = dialog.getByRole('list', { name: 'Animales a tratar' })
  // Each scan adds the animal (a button to take it out again) and empties the field for the next.
  for (const [i, tag] of treated.entries()) {
    await scan(page, 'Nuevo tratamiento', tag)
    await expect(list.getByRole('listitem')).toHaveCount(i + 1)
    await expect(list.getByRole('button', { name: `Quitar ${tag}` })).toBeVisible()
  }
  await dialog.getByLabel('Producto').selectOption({ label: 'Antibiótico' })
  await dialog.getByLabel('Dosis').fill('10 ml')
  await dialog.getByLabel('Días de retiro').fill('30')
  await expect(dialog.getByRole('status')).toContainText('Fin del retiro')
  await dialog.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Tratamiento registrado')).toBeVisible()
  const table = page.getByRole('table', { name: 'tratamientos' })
  for (const tag of treated)
    await expect(table.getByRole('cell', { name: tag, exact: true }).first()).toBeVisible()
  await expectAccessible(page, 'Recorredores: Tratamientos')

  // The withdrawal alert on each animal's page…
  const alert = /Retiro por Antibiótico hasta el \d\d\/\d\d\/\d{4}/
  for (const tag of treated) {
    await page.goto(`/management/establishment/app-insights/animal/${tag}?establecimiento=${eid}`)
    await expect(page.getByText(alert).first()).toBeVisible()
  }
  // … and at the chute, when the animal comes through.
  await page.goto(
    `/management/establishment/app-insights/cattlehandling?establecimiento=${eid}&type=weighings`,
  )
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nueva Pesada' }).click()
  const chute = page.getByRole('dialog', { name: 'Nueva Pesada' })
  const field = chute.getByLabel('Caravana (IDV o RFID)')
  await field.fill(treated[0] as string)
  await field.press('Enter')
  await expect(chute.getByRole('group', { name: 'Alertas activas' }).getByText(alert).first()).toBeVisible()
})

test('El administrador ve las pariciones de la temporada en el Tablero', async ({ page }) => {
  const eid = await openRecorredores(page)
  await page.goto(`/management/establishment/app-insights/dash?establecimiento=${eid}`)
  await waitForHydration(page)
  const section = page.getByRole('region', { name: 'Pariciones' })
  await expect(section.getByRole('heading', { level: 2, name: 'Pariciones' })).toBeVisible()
  // The demo's riders recorded calvings this season: the section shows the distribution and deaths.
  await expect(
    section.getByRole('heading', { level: 3, name: 'Distribución de partos por período de 21 días' }),
  ).toBeVisible()
  await expect(
    section.getByText(/^Temporada del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}: \d+ partos\.$/),
  ).toBeVisible()
  await expect(section.getByRole('heading', { level: 3, name: 'Muertes por causa' })).toBeVisible()
  await expectAccessible(page, 'Tablero con Pariciones')
})
