import { readFileSync } from 'node:fs'
import { read, utils } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { openEsperanzaAnimals, startSignedIn, waitForHydration } from './support'

test('Un usuario trabaja el rodeo en la tabla de Animales y comparte la vista', async ({ page, browser }) => {
  const table = await openEsperanzaAnimals(page)
  await expectAccessible(page, 'Animales')

  // Filter: the category 'Vaca' from the 'Filtros' popover, then a tag prefix in the toolbar.
  await page.getByRole('button', { name: 'Filtros', exact: true }).click()
  await page.getByRole('button', { name: /^Categoría:/ }).click()
  await page.getByLabel('Buscar en Categoría').fill('vaca')
  await expectAccessible(page, 'Animales, filtros')
  await page.getByText(/^Vaca \(\d+\)$/).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByText('1 Filtros aplicados')).toBeVisible()
  await page.getByPlaceholder('Buscar IDV').fill('16')
  await expect(page.getByText('2 Filtros aplicados')).toBeVisible()
  await expect(page).toHaveURL(/filters=/)
  const tags = table.locator('tbody tr td:nth-child(2)')
  await expect(tags.first()).toHaveText(/^16/)
  for (const category of await table.locator('tbody tr td:nth-child(4)').allTextContents()) {
    expect(category).toBe('Vaca')
  }

  // Sort by IDV descending (two clicks: ascending, then descending).
  await table.getByRole('button', { name: /^IDV/ }).click()
  await table.getByRole('button', { name: /^IDV/ }).click()
  await expect(page).toHaveURL(/desc=true/)
  // The previous rows stay on screen until the sorted ones arrive.
  await expect
    .poll(async () => {
      const shown = await tags.allTextContents()
      return shown.length > 1 && shown.join() === [...shown].sort().reverse().join()
    })
    .toBe(true)
  const sorted = await tags.allTextContents()

  // Hide a column.
  await page.getByRole('button', { name: 'Columnas' }).click()
  await expectAccessible(page, 'Animales, columnas')
  await page.getByRole('menuitemcheckbox', { name: 'Raza' }).click()
  await page.keyboard.press('Escape')
  await expect(table.getByRole('columnheader', { name: 'Raza' })).toHaveCount(0)

  // Select two rows and export them.
  const first = (await tags.nth(0).textContent()) ?? ''
  const second = (await tags.nth(1).textContent()) ?? ''
  await table.getByRole('checkbox', { name: `Seleccionar fila ${first}` }).check()
  await table.getByRole('checkbox', { name: `Seleccionar fila ${second}` }).check()
  await expect(page.getByText('2 registros seleccionadas.')).toBeVisible()
  await expectAccessible(page, 'Animales con selección')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /Exportar/ }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('animales-insights.xlsx')
  const workbook = read(readFileSync((await download.path()) as string))
  expect(workbook.SheetNames).toEqual(['Datos'])
  const sheet = workbook.Sheets.Datos
  if (!sheet) throw new Error('sin hoja Datos')
  const exported = utils.sheet_to_json<Record<string, unknown>>(sheet)
  expect(exported.map((row) => String(row.IDV)).sort()).toEqual([first, second].sort())
  expect(Object.keys(exported[0] ?? {})).not.toContain('Raza')

  // The copied link opens the same view for a colleague's browser.
  const link = page.url()
  const colleague = await browser.newContext()
  const other = await colleague.newPage()
  await startSignedIn(other, 'admin@demo.test')
  await other.goto(link)
  await waitForHydration(other)
  const otherTable = other.getByRole('table', { name: 'Animales' })
  await expect(other.getByText('2 Filtros aplicados')).toBeVisible()
  await expect(other.getByText('2 registros seleccionadas.')).toBeVisible()
  await expect(otherTable.getByRole('columnheader', { name: 'Raza' })).toHaveCount(0)
  await expect(otherTable.locator('tbody tr td:nth-child(2)')).toHaveText(sorted)
  await expect(otherTable.getByRole('checkbox', { name: `Seleccionar fila ${first}` })).toBeChecked()
  await colleague.close()

  // Back walks to the previous view (ascending).
  await page.goBack()
  await page.goBack()
  await expect(page).not.toHaveURL(/desc=true/)
})
