import { readFileSync, writeFileSync } from 'node:fs'
import { read, utils, write } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { cowsFree, openRecorredores } from './support-riders'

/**
 * Recorredores' Masivo (decision 036), on the desktop and on a 390×844 phone (the two projects): an
 * administrador downloads the births template, fills two calvings as a person would, uploads it and
 * finds both calves in Animales.
 */
test('Un administrador descarga la planilla de partos, carga dos partos y ve los terneros en Animales', async ({
  page,
}, testInfo) => {
  const eid = await openRecorredores(page)
  // Cows the other Recorredores journeys leave alone (they take the first free ones): the last two free,
  // another pair for the phone project should the two projects run side by side.
  const free = await cowsFree(page, eid, 12)
  const end = testInfo.project.name === 'phone' ? free.length - 2 : free.length
  const mothers = free.slice(end - 2, end)
  const prefix = `MP${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}`.toUpperCase()

  await page.getByRole('button', { name: 'Nuevo parto' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nuevo parto' })
  await dialog.getByRole('tab', { name: 'Masivo' }).click()
  await expect(dialog.getByRole('heading', { name: 'Nuevos Partos' })).toBeVisible()
  await expectAccessible(page, 'Nuevo parto: Masivo')

  // The example template: Spanish headers, the form's labels.
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('link', { name: 'Descargar planilla de ejemplo' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Partos_Template.xlsx')
  const book = read(readFileSync(await download.path()), { type: 'buffer' })
  const sheet = book.Sheets.Datos
  if (!sheet) throw new Error('sin hoja Datos')
  const header = utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []
  expect(header).toEqual([
    'IDV madre',
    'Fecha',
    'Sexo del ternero',
    'Tipo de parto',
    'Peso al nacer (kg)',
    'Caravana del ternero (IDV)',
    'RFID del ternero',
    'Recorredor',
    'Observación',
  ])

  // Filled as a person would: yesterday (never in the future on the farm's clock), the example rows replaced.
  const yesterday = new Date(Date.now() - 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('/')
  const row = (mother: string, sex: string, calf: string, weight: string | null) => {
    const values: Record<string, string | null> = {
      'IDV madre': mother,
      Fecha: yesterday,
      'Sexo del ternero': sex,
      'Tipo de parto': 'Normal',
      'Peso al nacer (kg)': weight,
      'Caravana del ternero (IDV)': calf,
    }
    return header.map((name) => values[name] ?? null)
  }
  book.Sheets.Datos = utils.aoa_to_sheet([
    header,
    row(mothers[0] as string, 'Hembra', `${prefix}-1`, '32,5'),
    row(mothers[1] as string, 'Macho', `${prefix}-2`, null),
  ])
  const file = testInfo.outputPath('partos.xlsx')
  writeFileSync(file, write(book, { type: 'buffer', bookType: 'xlsx' }))

  await dialog.locator('input[type=file]').setInputFiles(file)
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Archivo cargado con éxito')).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText('Se guardaron 2 partos.')
  await dialog.getByRole('button', { name: 'Cerrar ventana' }).click()
  await expect(dialog).toBeHidden()
  const births = page.getByRole('table', { name: 'partos' })
  const first = births
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `${prefix}-1`, exact: true }) })
  // The weight as the farm writes it (es-AR).
  await expect(first.getByRole('cell', { name: '32,5', exact: true })).toBeVisible()

  // Both calves are animals of the herd now.
  await page.goto(
    `/management/establishment/app-insights/animals/${eid}/breeding-herd?filters=${encodeURIComponent(JSON.stringify({ visual_tag: prefix }))}`,
  )
  const animals = page.getByRole('table', { name: 'Animales' })
  await expect(animals.getByRole('cell', { name: `${prefix}-1`, exact: true })).toBeVisible()
  await expect(animals.getByRole('cell', { name: `${prefix}-2`, exact: true })).toBeVisible()
})
