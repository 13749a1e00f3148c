import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { read, utils, write } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { startSignedIn, waitForHydration } from './support'

/**
 * Issue 22: the boards of Tablero RFI and Feedlot. The demo keeps a 100-animal RFI test in El Ombú
 * and two feedlot pens in Santa Rosa (app/db/seed/feed-efficiency.ts); the superadministradora
 * administers both.
 */

/** The demo's last day (app/db/seed/calendar.ts) while the clock is past it. */
const REFERENCE = '2026-11-01'
const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** The El Ombú RFI animals' electronic tags (tag block 2043, serials 99000001…). */
const rfid = (n: number) => `032204399${String(n).padStart(6, '0')}`

async function enter(page: Page, establishment: string, path: string) {
  await page.goto('/management/establishment')
  await waitForHydration(page)
  await page.getByRole('button', { name: new RegExp(establishment) }).click()
  await expect(page).toHaveURL(/summary\?establecimiento=\d+$/)
  await page.goto(path)
  await waitForHydration(page)
}

/** The feeder's export as a person saves it: their own headers, a column the app does not use, text dates. */
function feederSpreadsheet(rows: (string | number)[][]) {
  const sheet = utils.aoa_to_sheet([['RFID', 'Fecha', 'Consumo (kg)', 'MS %', 'Comedero'], ...rows])
  const book = utils.book_new()
  utils.book_append_sheet(book, sheet, 'Consumos')
  return Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)
}

test('Un administrador agrega tableros, importa el consumo del comedero, corre una prueba RFI, exporta el ranking y recorre un corral del feedlot', async ({
  page,
}, testInfo) => {
  // Two establishments, two imports, an RFI run over 100 animals and an export: a long journey,
  // which passed in 47 s to 66 s on a loaded machine against the 60 s default.
  test.setTimeout(120_000)
  const run = `${testInfo.project.name} ${testInfo.retry + 1}`
  // The machine has no network: the external report is served here (BOARD_FRAME_ORIGINS allows it).
  await page.route('https://example.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Informe</title><h1>Informe publicado</h1>',
    }),
  )
  await startSignedIn(page, 'superadmin@demo.test')
  await enter(page, 'El Ombú', '/management/establishment/dashboard-rfi')
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero RFI' })).toBeVisible()
  // A test is ranked on first start (the demo's, or the latest one a previous run added).
  const demoRanking = page.getByRole('table', { name: /^Ranking RFI de / })
  await expect(demoRanking.getByRole('row')).toHaveCount(101)
  await expect(demoRanking.getByText('Eficiente').first()).toBeVisible()

  // An external board and a built-in one, the latter marked default.
  await page.getByRole('button', { name: 'Agregar tablero' }).click()
  const form = page.getByRole('form', { name: 'Nuevo tablero' })
  await form.getByLabel('Título').fill(`Informe externo ${run}`)
  await form.getByLabel('Dirección (https)').fill('http://example.com/informe')
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(form.getByText('La dirección debe empezar con https://')).toBeVisible()
  await form.getByLabel('Dirección (https)').fill('https://example.com/informe')
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('Tablero creado con éxito').first()).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Tableros' })
  await expect(tabs.getByRole('button', { name: `Informe externo ${run}` })).toBeVisible()

  await page.getByRole('button', { name: 'Agregar tablero' }).click()
  await form.getByLabel('Título').fill(`RFI propio ${run}`)
  await form.getByLabel('Predeterminado (se abre primero)').check()
  await form.getByRole('button', { name: 'Guardar' }).click()
  await expect(tabs.getByRole('button', { name: `RFI propio ${run} (predeterminado)` })).toBeVisible()
  await expectAccessible(page, 'Tablero RFI con sus tableros')

  // The external board opens in a sandboxed frame, with a way out to a new tab.
  await tabs.getByRole('button', { name: `Informe externo ${run}` }).click()
  const frame = page.locator(`iframe[title="Informe externo ${run}"]`)
  await expect(frame).toHaveAttribute('src', 'https://example.com/informe')
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/)
  await expect(
    page
      .frameLocator(`iframe[title="Informe externo ${run}"]`)
      .getByRole('heading', { name: 'Informe publicado' }),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: /abrilo en una pestaña nueva/ })).toHaveAttribute(
    'href',
    'https://example.com/informe',
  )
  await tabs.getByRole('button', { name: `RFI propio ${run} (predeterminado)` }).click()

  // The feeder's spreadsheet for yesterday, five animals; a wrong tag first refuses the whole file.
  const yesterday = shift(new Date().toISOString().slice(0, 10), -1).split('-').reverse().join('/')
  const input = page.getByLabel('Importar consumo')
  await input.setInputFiles({
    name: 'comedero.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: feederSpreadsheet([
      [rfid(1), yesterday, '9,8', 88, 'C-01'],
      ['999999999999999', yesterday, 9.1, 88, 'C-02'],
    ]),
  })
  await page.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(
    page.getByText('Fila 3, RFID: No hay un animal con la caravana "999999999999999" en el establecimiento'),
  ).toBeVisible()
  await input.setInputFiles({
    name: 'comedero.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: feederSpreadsheet([1, 2, 3, 4, 5].map((n) => [rfid(n), yesterday, 9 + n / 10, 88, `C-0${n}`])),
  })
  await page.getByRole('button', { name: 'Importar', exact: true }).click()
  await expect(page.getByText('Se importaron 5 registros de consumo')).toBeVisible()

  // A test of the same group: 21 days of adaptation, 70 of test.
  const testForm = page.getByRole('form', { name: 'Nueva prueba de eficiencia' })
  await testForm.getByLabel('Nombre').fill(`Prueba ${run}`)
  // The label carries the rodeo's live head count, which other journeys on the same server may change.
  const group = testForm.getByLabel('Rodeo (grupo)')
  const groupValue = await group
    .locator('option', { hasText: /^Prueba RFI 2026 \(\d+\)$/ })
    .getAttribute('value')
  await group.selectOption(groupValue as string)
  await testForm.getByLabel('Inicio (comienza la adaptación)').fill(shift(REFERENCE, -91))
  await testForm.getByLabel('Fin de la prueba').fill(REFERENCE)
  await testForm.getByRole('button', { name: 'Crear prueba' }).click()
  await expect(page.getByText('Prueba creada con éxito')).toBeVisible()
  const ranking = page.getByRole('table', { name: `Ranking RFI de Prueba ${run}` })
  await expect(ranking.getByRole('row')).toHaveCount(101)
  // The scatter is the app's chart: its description counts the classes, its table lists every animal.
  const scatter = page.getByRole('img', { name: 'RFI según GDPV' })
  await expect(scatter).toBeVisible()
  await expect(scatter).toHaveAccessibleDescription(/^RFI según GDPV de 100 animales: \d+ eficientes/)
  await expect(page.getByRole('table', { name: 'RFI según GDPV (tabla)' }).getByRole('row')).toHaveCount(101)
  await expectAccessible(page, 'Ranking RFI')

  // The ranking's spreadsheet.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar', exact: true }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`rfi-prueba-${run.replace(' ', '-')}-insights.xlsx`)
  const book = read(readFileSync((await download.path()) as string))
  expect(book.SheetNames).toEqual(['Datos'])
  const sheet = utils.sheet_to_json<unknown[]>(book.Sheets.Datos as never, { header: 1 })
  expect(sheet[0]).toContain('RFI (kg MS/día)')
  expect(sheet[0]).toContain('Clase')
  expect(sheet).toHaveLength(101)
  expect(sheet[1]?.[0]).toBe(1)

  // Feedlot of Santa Rosa: its pens, then one pen's animals and a weight curve.
  await enter(page, 'Santa Rosa', '/management/establishment/dashboard-feedlot')
  await expect(page.getByRole('heading', { level: 1, name: 'Feedlot' })).toBeVisible()
  const pens = page.getByRole('table', { name: 'Corrales de feedlot' })
  await expect(pens.getByRole('row')).toHaveCount(3)
  await expectAccessible(page, 'Feedlot')
  await pens.getByRole('button', { name: 'Corral 1' }).click()
  await expect(page).toHaveURL(/corral=\d+/)
  const animals = page.getByRole('table', { name: 'Animales del corral Corral 1' })
  await expect(animals.getByRole('row')).toHaveCount(49)
  await animals.getByRole('button', { name: 'Ver la curva de peso de FL1-010' }).click()
  await expect(page.getByRole('heading', { name: 'Curva de peso de FL1-010 desde el ingreso' })).toBeVisible()
  await expectAccessible(page, 'Corral del feedlot')
})
