import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { read, utils } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { startSignedIn } from './support'

/** The 'Mostrando X–Y de N' total of the Animales list. */
async function listTotal(page: Page) {
  const text = (await page.getByText(/^Mostrando /).textContent()) ?? ''
  const match = /de ([\d.]+)/.exec(text)
  if (!match?.[1]) throw new Error(`sin total en '${text}'`)
  return Number(match[1].replaceAll('.', ''))
}

test('Un usuario abre el Resumen, sigue una tarjeta a los animales que cuenta y analiza el Tablero', async ({
  page,
}) => {
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/\/app-insights\/summary\?/)
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
  await expectAccessible(page, 'Resumen')

  // The definition of a number opens from its ⓘ.
  await page.getByRole('button', { name: 'Cómo se calcula: Sin pesar en 90 días' }).click()
  await expect(page.getByText(/nunca pesados o cuya última pesada tiene más de 90 días/)).toBeVisible()
  await page.keyboard.press('Escape')

  // The card's number is a link to exactly those animals.
  const card = page.getByRole('link', { name: /^Sin pesar en 90 días: [\d.]+\. Ver los animales$/ })
  const label = (await card.getAttribute('aria-label')) ?? ''
  const count = Number((/: ([\d.]+)\./.exec(label)?.[1] ?? '').replaceAll('.', ''))
  expect(count).toBeGreaterThan(0)
  await card.click()
  await expect(page).toHaveURL(/animals\/\d+\/breeding-herd\?.*not_weighed/)
  await expect(page.getByRole('table', { name: 'Animales' }).locator('tbody tr').first()).toBeVisible()
  await expect.poll(() => listTotal(page)).toBe(count)

  // The head count by category too.
  await page.goBack()
  const vacas = page.getByRole('link', { name: /^Vaca: [\d.]+\. Ver los animales$/ })
  const vacasCount = Number(
    (/: ([\d.]+)\./.exec((await vacas.getAttribute('aria-label')) ?? '')?.[1] ?? '').replaceAll('.', ''),
  )
  await vacas.click()
  await expect(page).toHaveURL(/breeding-herd\?.*category/)
  await expect.poll(() => listTotal(page)).toBe(vacasCount)

  // Tablero, filtered by a rodeo: the filter lives in the address.
  await page.goBack()
  await expect(page).toHaveURL(/\/summary\?/)
  await page.goto(page.url().replace('/summary', '/dash'))
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible()
  const chart = page.getByRole('img', { name: 'Tasa de preñez por sesión' })
  await expect(chart).toBeVisible()
  const rodeo = page.getByRole('combobox', { name: 'Rodeo', exact: true })
  // A demo rodeo with pregnancy checks, by name: other journeys on the same server add empty rodeos
  // that may sort first.
  const option = await rodeo.locator('option', { hasText: /^Rodeo General$/ }).getAttribute('value')
  // The figures of that rodeo come from the server (the server function's GET carries the filter).
  const answered = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('rodeo'))
  await rodeo.selectOption(option as string)
  await answered
  await expect(page).toHaveURL(new RegExp(`rodeo=.*${option}`))
  // The previous figures stay, marked busy, until the rodeo's arrive.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(chart).toBeVisible()

  // The chart's numbers as a table, and as a workbook with the same rows.
  const table = page.getByRole('table', { name: 'Tasa de preñez por sesión (tabla)' })
  const rows = await table.locator('tbody tr').count()
  expect(rows).toBeGreaterThan(0)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar datos de «Tasa de preñez por sesión» a Excel' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('tasa-de-prenez-por-sesion-insights.xlsx')
  const book = read(readFileSync((await download.path()) as string))
  const sheet = utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as never, {
    header: 1,
  })
  expect(sheet[0]).toEqual(['Sesión', 'Preñadas', 'Diagnosticadas', 'Tasa (%)'])
  expect(sheet.length - 1).toBe(rows)
  const first = sheet[1] as [string, number, number, number]
  // The rate is the numerator over the denominator, one decimal.
  expect(first[3]).toBeCloseTo((first[1] / first[2]) * 100, 1)

  await page.getByRole('button', { name: 'Ver tabla de «Tasa de preñez por sesión»' }).click()
  await expect(table).toBeVisible()
  await expectAccessible(page, 'Tablero')

  // At 390 px the charts fit the screen: no sideways scrolling.
  await page.getByRole('button', { name: 'Ver gráfico de «Tasa de preñez por sesión»' }).click()
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(chart).toBeVisible()
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const box = await chart.boundingBox()
  expect(box?.width ?? 999).toBeLessThanOrEqual(390)
})
