import { readFileSync } from 'node:fs'
import type { Download, Page } from '@playwright/test'
import { read, utils, type WorkSheet } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { openEsperanzaAnimals, waitForHydration } from './support'

/**
 * Issue 16 part 1: a selection of any size (docs/decisions/016). 'Seleccionar los N que coinciden'
 * selects every animal matching the view, the unticked rows travel as exceptions, the link stays
 * short and survives a reload, and the server-built export has one row per selected animal with
 * real date cells.
 */

/** 'Mostrando 1–50 de 865': the number of rows matching the view. */
async function matchingCount(page: Page) {
  const footer = page.getByRole('navigation', { name: 'Paginación' }).getByText(/^Mostrando /)
  const text = (await footer.textContent()) ?? ''
  const match = /de ([\d.]+)$/.exec(text.trim())
  if (!match?.[1]) throw new Error(`sin total en '${text}'`)
  return Number(match[1].replaceAll('.', ''))
}

async function exportSheet(page: Page): Promise<WorkSheet> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /Exportar/ }).click()
  const download: Download = await downloading
  expect(download.suggestedFilename()).toBe('animales-insights.xlsx')
  const workbook = read(readFileSync((await download.path()) as string), { cellNF: true, dense: true })
  expect(workbook.SheetNames).toEqual(['Datos'])
  const sheet = workbook.Sheets.Datos
  if (!sheet) throw new Error('sin hoja Datos')
  return sheet
}

/** Data rows of a sheet (the header row is the first). */
const dataRows = (sheet: WorkSheet) => utils.sheet_to_json<unknown[]>(sheet, { header: 1 }).length - 1

test('Un usuario selecciona todos los animales que coinciden, quita dos, recarga el enlace y los exporta', async ({
  page,
}) => {
  const table = await openEsperanzaAnimals(page)
  const total = await matchingCount(page)
  expect(total).toBeGreaterThan(200)

  // Tick the page, then widen to every matching animal.
  await table.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }).check()
  const widen = page.getByRole('button', {
    name: `Seleccionar los ${total.toLocaleString('es-AR')} que coinciden`,
  })
  await expect(widen).toBeVisible()
  await expectAccessible(page, 'Animales, página seleccionada')
  await widen.click()
  await expect(page.getByText(`${total} registros seleccionadas.`)).toBeVisible()
  await expect(page).toHaveURL(/all=true/)

  // Untick two rows: they become exceptions.
  const tags = table.locator('tbody tr td:nth-child(2)')
  const first = (await tags.nth(0).textContent()) ?? ''
  const second = (await tags.nth(1).textContent()) ?? ''
  await table.getByRole('checkbox', { name: `Seleccionar fila ${first}` }).uncheck()
  await table.getByRole('checkbox', { name: `Seleccionar fila ${second}` }).uncheck()
  const selected = total - 2
  await expect(page.getByText(`${selected} registros seleccionadas.`)).toBeVisible()
  await expect(page.getByText(/se quitaron 2\)/)).toBeVisible()
  await expectAccessible(page, 'Animales, todos los que coinciden menos dos')

  // The link is short and the selection survives a reload.
  const link = page.url()
  expect(link.length).toBeLessThan(2000)
  await page.reload()
  await waitForHydration(page)
  await expect(page.getByText(`${selected} registros seleccionadas.`)).toBeVisible()
  await expect(table.getByRole('checkbox', { name: `Seleccionar fila ${first}` })).not.toBeChecked()
  await expect(table.getByRole('checkbox', { name: `Seleccionar fila ${second}` })).not.toBeChecked()
  await expect(table.locator('tbody tr').nth(2).getByRole('checkbox')).toBeChecked()

  // The server-built export: one row per selected animal, the two exceptions left out, date cells.
  const sheet = await exportSheet(page)
  expect(dataRows(sheet)).toBe(selected)
  const rows = utils.sheet_to_json<unknown[]>(sheet, { header: 1 })
  const header = (rows[0] ?? []) as string[]
  const idv = header.indexOf('IDV')
  const exportedTags = rows.slice(1).map((row) => String(row[idv]))
  expect(exportedTags).not.toContain(first)
  expect(exportedTags).not.toContain(second)
  const born = header.indexOf('Nacimiento')
  expect(born).toBeGreaterThanOrEqual(0)
  const cells = (sheet as unknown as { '!data': { t: string; z?: string; v: unknown }[][] })['!data']
  const dated = cells.slice(1).filter((row) => row[born] !== undefined)
  expect(dated.length).toBeGreaterThan(0)
  for (const row of dated.slice(0, 50)) {
    const cell = row[born]
    expect(cell?.t === 'd' || (cell?.t === 'n' && cell.z === 'dd/mm/yyyy'), JSON.stringify(cell)).toBe(true)
  }
})

test('Un usuario filtra por Sexo, selecciona todos los que coinciden y exporta solo esos', async ({
  page,
}) => {
  const table = await openEsperanzaAnimals(page)
  const herd = await matchingCount(page)

  await page.getByRole('button', { name: 'Filtros', exact: true }).click()
  await page.getByRole('button', { name: /^Sexo:/ }).click()
  await page.getByText(/^Hembra \(\d+\)$/).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByText('1 Filtros aplicados')).toBeVisible()
  await expect.poll(() => matchingCount(page)).toBeLessThan(herd)
  const females = await matchingCount(page)
  expect(females).toBeGreaterThan(50)

  await table.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }).check()
  await page
    .getByRole('button', { name: `Seleccionar los ${females.toLocaleString('es-AR')} que coinciden` })
    .click()
  await expect(page.getByText(`${females} registros seleccionadas.`)).toBeVisible()

  const sheet = await exportSheet(page)
  expect(dataRows(sheet)).toBe(females)
  const rows = utils.sheet_to_json<Record<string, unknown>>(sheet)
  expect(new Set(rows.map((row) => row.Sexo))).toEqual(new Set(['Hembra']))
})
