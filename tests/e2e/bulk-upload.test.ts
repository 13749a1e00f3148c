import { readFileSync, writeFileSync } from 'node:fs'
import { read, utils, write } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { openEsperanzaAnimals, startSignedIn, waitForHydration } from './support'

test('Un administrador descarga la planilla de animales, la completa, la sube y ve los animales en la tabla', async ({
  page,
}, testInfo) => {
  const table = await openEsperanzaAnimals(page)
  const prefix = `MAS${Date.now().toString(36).toUpperCase()}`

  await page.getByRole('button', { name: 'Agregar nuevo animal' }).click()
  await page.getByRole('menuitem', { name: 'Masivo' }).click()
  const panel = page.getByRole('dialog', { name: 'Nuevos Animales' })
  await expect(panel.getByText('Selecciona el archivo:')).toBeVisible()
  await expectAccessible(page, 'Nuevos Animales')

  // The example template, with its example rows and its instructions sheet.
  const downloading = page.waitForEvent('download')
  await panel.getByRole('link', { name: 'Descargar planilla de ejemplo' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Animales_Template.xlsx')
  const book = read(readFileSync(await download.path()), { type: 'buffer' })
  expect(book.SheetNames).toEqual(['Datos', 'Instrucciones'])
  const sheet = book.Sheets.Datos
  if (!sheet) throw new Error('sin hoja Datos')
  const header = utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []
  expect(header.slice(0, 5)).toEqual(['IDV', 'IDE', 'Categoría', 'Raza', 'Color'])

  // Filled as a user would: the example rows replaced by new animals.
  const row = (tag: string, category: string, color: string) => {
    const values: Record<string, string> = {
      IDV: tag,
      Categoría: category,
      Raza: 'Angus',
      Color: color,
      'Fecha de nacimiento': '10/09/2024',
      'Tipo de ingreso': 'Compra',
    }
    return header.map((name) => values[name] ?? null)
  }
  const save = (name: string, rows: (string | null)[][]) => {
    book.Sheets.Datos = utils.aoa_to_sheet([header, ...rows])
    const file = testInfo.outputPath(name)
    writeFileSync(file, write(book, { type: 'buffer', bookType: 'xlsx' }))
    return file
  }

  // 'Enviar' without a file.
  await panel.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Por favor, selecciona un archivo primero.')).toBeVisible()

  // A file with a bad row: nothing is recorded and the problem stays listed in the panel.
  await panel
    .locator('input[type=file]')
    .setInputFiles(
      save('con-error.xlsx', [row(`${prefix}-1`, 'Vaca', 'negro'), row(`${prefix}-2`, 'Ternera', 'azul')]),
    )
  await panel.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Error al cargar el archivo')).toBeVisible()
  const problems = panel.getByRole('table', { name: 'Problemas de la planilla' })
  await expect(problems.getByRole('row').nth(1)).toHaveText(
    /^3ColorValor no válido\. Opciones: negro, colorado, otro$/,
  )
  await expectAccessible(page, 'Nuevos Animales con problemas')

  // Fixed and sent again: every row recorded.
  await panel
    .locator('input[type=file]')
    .setInputFiles(
      save('corregida.xlsx', [
        row(`${prefix}-1`, 'Vaca', 'negro'),
        row(`${prefix}-2`, 'Ternera', 'colorado'),
      ]),
    )
  await panel.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Archivo cargado con éxito')).toBeVisible()
  await expect(panel.getByRole('status')).toHaveText('Se guardaron 2 animales.')
  await expect(problems).toHaveCount(0)
  await panel.getByRole('button', { name: 'Cerrar' }).click()
  await expect(panel).toBeHidden()

  // Both are in the herd now.
  await page.getByPlaceholder('Buscar IDV').fill(prefix)
  await expect(table.locator('tbody tr td:nth-child(2)')).toHaveText([`${prefix}-1`, `${prefix}-2`])
  await expect(table.locator('tbody tr td:nth-child(4)')).toHaveText(['Vaca', 'Ternera'])
})

test('En un establecimiento donde solo es usuario, el servidor rechaza su planilla', async ({
  page,
}, testInfo) => {
  // admin@demo.test administers La Esperanza and is a plain user of El Ombú. Masivo shows to anyone
  // who is admin somewhere (spec section 6); the upload itself is for admins of the establishment.
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /El Ombú/ }).click()
  await page.getByRole('link', { name: 'Animales', exact: true }).click()
  await expect(page).toHaveURL(/animals\/\d+\/breeding-herd/)
  await page.getByRole('button', { name: 'Agregar nuevo animal' }).click()
  await page.getByRole('menuitem', { name: 'Masivo' }).click()
  const panel = page.getByRole('dialog', { name: 'Nuevos Animales' })

  const template = await page.request.get('/api/bulk-upload/templates/Animales_Template.xlsx')
  const file = testInfo.outputPath('Animales_Template.xlsx')
  writeFileSync(file, await template.body())
  await panel.locator('input[type=file]').setInputFiles(file)
  await panel.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Error al cargar el archivo')).toBeVisible()
  await expect(panel.getByRole('alert')).toHaveText(
    'Solo un administrador del establecimiento puede hacer cargas masivas',
  )
})

test('Un administrador sube una planilla de pesadas a una sesión nueva y ve las pesadas en la tabla de Manga', async ({
  page,
}, testInfo) => {
  // Three live animals of La Esperanza, from the first page of Animales.
  const animals = await openEsperanzaAnimals(page)
  const tags = (await animals.locator('tbody tr td:nth-child(2)').allTextContents()).slice(0, 3)
  expect(tags).toHaveLength(3)
  const stamp = Date.now().toString(36)
  const sessionName = `E2E8 Pesada ${stamp}`

  await page.getByRole('link', { name: 'Manga', exact: true }).click()
  await expect(page).toHaveURL(/\/cattlehandling/)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nueva Pesada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nueva Pesada' })
  await dialog.getByRole('tab', { name: 'Masivo' }).click()
  // The Individual tab has a session field too: look in the panel shown.
  const bulk = dialog.getByRole('tabpanel', { name: 'Masivo' })
  await expect(bulk.getByText('Selecciona el archivo:')).toBeVisible()
  await expectAccessible(page, 'Nueva Pesada, Masivo')

  // The session, created from the panel: its type is locked to weighings.
  await dialog.getByRole('button', { name: 'Crear Sesión' }).click()
  const newSession = page.getByRole('dialog', { name: 'Crear Sesión' })
  await expect(newSession.getByLabel('Tipo de trabajo')).toBeDisabled()
  await expectAccessible(page, 'Crear Sesión')
  await newSession.getByLabel('Nombre').fill(sessionName)
  await newSession.getByLabel('Descripción').fill('Pesada cargada desde planilla')
  await newSession.getByRole('button', { name: 'Crear Sesión' }).click()
  await expect(page.getByText('Sesión creada exitosamente')).toBeVisible()
  const session = bulk.getByLabel('Sesión', { exact: true })
  await expect(session.locator('option:checked')).toHaveText(sessionName)
  const sessionId = await session.inputValue()

  // The weighing template, filled for the three animals.
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('link', { name: 'Descargar planilla de ejemplo' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Pesada_Template.xlsx')
  const book = read(readFileSync(await download.path()), { type: 'buffer' })
  const sheetName = book.SheetNames[0] as string
  const header = utils.sheet_to_json<string[]>(book.Sheets[sheetName] as never, { header: 1 })[0] ?? []
  expect(header).toEqual(expect.arrayContaining(['IDV', 'Peso']))
  const row = (tag: string, weight: string | number) => {
    const values: Record<string, string | number> = { IDV: tag, Fecha: '15/03/2026 08:30', Peso: weight }
    return header.map((name) => values[name] ?? null)
  }
  const save = (name: string, rows: (string | number | null)[][]) => {
    book.Sheets[sheetName] = utils.aoa_to_sheet([header, ...rows])
    const file = testInfo.outputPath(name)
    writeFileSync(file, write(book, { type: 'buffer', bookType: 'xlsx' }))
    return file
  }
  const fileInput = dialog.locator('input[type=file]')

  // A bad last row: nothing is recorded, and the panel says which cell is wrong.
  await fileInput.setInputFiles(
    save('pesadas-con-error.xlsx', [
      row(tags[0] as string, 301.5),
      row(tags[1] as string, 322),
      row(tags[2] as string, 'mucho'),
    ]),
  )
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Error al cargar el archivo')).toBeVisible()
  const problems = dialog.getByRole('table', { name: 'Problemas de la planilla' })
  await expect(problems.getByRole('row').nth(1)).toContainText('4')
  await expect(problems.getByRole('row').nth(1)).toContainText('Peso')

  // Fixed: the three weighings are recorded.
  await fileInput.setInputFiles(
    save('pesadas.xlsx', [
      row(tags[0] as string, 301.5),
      row(tags[1] as string, 322),
      row(tags[2] as string, 287),
    ]),
  )
  await dialog.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByText('Archivo cargado con éxito')).toBeVisible()
  await expect(dialog.getByRole('status').filter({ hasText: 'Se guardaron' })).toHaveText(
    'Se guardaron 3 pesadas.',
  )
  await dialog.getByRole('button', { name: 'Cerrar ventana' }).click()
  await expect(dialog).toBeHidden()

  // The weighing table of that session holds exactly the three rows (the failed file left none).
  const filters = encodeURIComponent(JSON.stringify({ cattle_handling: [sessionId] }))
  await page.goto(`/management/establishment/app-insights/cattlehandling?type=weighings&filters=${filters}`)
  await waitForHydration(page)
  const table = page.getByRole('table', { name: 'Pesadas' })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expectAccessible(page, 'Manga, Pesadas')
  for (const tag of tags) await expect(rows.filter({ hasText: tag })).toHaveCount(1)
  const columns = await table.locator('thead th').allTextContents()
  const weightAt = columns.findIndex((text) => text.startsWith('Peso (kg)'))
  await expect(
    rows
      .filter({ hasText: tags[2] as string })
      .locator('td')
      .nth(weightAt),
  ).toHaveText(/^287/)
})
