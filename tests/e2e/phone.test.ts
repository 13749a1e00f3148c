import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { startSignedIn, waitForHydration } from './support'

/** A 390×844 phone (an iPhone 12–15's CSS size): the playwright.config `phone` project's viewport too. */
const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

/** How far the page scrolls sideways: nothing may be wider than the phone. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** The element lies within the phone's width (reachable without scrolling sideways). */
async function expectOnScreen(name: string, locator: ReturnType<Page['locator']>) {
  await expect(locator, name).toBeVisible()
  const box = await locator.boundingBox()
  expect(box, name).not.toBeNull()
  expect(box?.x ?? -1, name).toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(PHONE.width)
}

test('Un usuario recorre la aplicación en un teléfono sin desplazarse de costado y alcanza cada control del encabezado', async ({
  page,
}) => {
  await startSignedIn(page, 'admin@demo.test')
  expect(await pageWidth(page), 'selector de establecimientos').toBeLessThanOrEqual(PHONE.width)
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/summary\?establecimiento=(\d+)$/)
  const id = /establecimiento=(\d+)/.exec(page.url())?.[1]

  // Every page inside the establishment, and the pages around it.
  const base = '/management/establishment/app-insights'
  const pages = [
    `${base}/summary?establecimiento=${id}`,
    `${base}/animals/${id}/breeding-herd`,
    `${base}/cattlehandling?establecimiento=${id}`,
    `${base}/cattlehandling?establecimiento=${id}&type=pre-services`,
    `${base}/cattlehandling?establecimiento=${id}&type=weighings`,
    `${base}/cattlehandling/pregnacy-check?establecimiento=${id}`,
    `${base}/rerunner/${id}/births`,
    `${base}/dash?establecimiento=${id}`,
    '/management/establishment/configuration',
    '/management/establishment/configuration/rodeo-creation',
    '/management/establishment/dashboard-rfi',
    '/management/establishment/dashboard-feedlot',
    '/management/establishment/capacitations',
    '/management/configuration/user-profile',
    '/management/no-existe',
  ]
  for (const address of pages) {
    await page.goto(address)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect(await pageWidth(page), address).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(page, address)
  }

  // Tables scroll inside their own box: wider than the phone, the page is not.
  await page.goto(`${base}/animals/${id}/breeding-herd`)
  await waitForHydration(page)
  const table = page.getByRole('table', { name: 'Animales' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  expect((await table.boundingBox())?.width ?? 0).toBeGreaterThan(PHONE.width)
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width)

  // An animal's page, opened from its row.
  const tag = ((await table.locator('tbody tr').first().locator('td').nth(1).textContent()) ?? '').trim()
  await table.getByRole('link', { name: tag, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  expect(await pageWidth(page), 'ficha del animal').toBeLessThanOrEqual(PHONE.width)

  // Every header control is within reach: the sections, the search, the establishment, the user menu.
  const sections = page.getByRole('navigation', { name: 'Menú del establecimiento' })
  for (const label of ['Resumen', 'Animales', 'Manga', 'Recorredores', 'Tablero']) {
    await expectOnScreen(label, sections.getByRole('link', { name: label }))
  }
  await expectOnScreen('Aplicaciones', page.getByRole('button', { name: 'Aplicaciones' }))
  const search = page.getByRole('combobox', { name: 'Buscar animal por IDV' })
  await expectOnScreen('buscador', search)
  const establishment = page.getByRole('button', { name: 'Establecimiento: La Esperanza' })
  await expectOnScreen('establecimiento', establishment)
  // The search and the establishment button do not overlap.
  const searchBox = await search.boundingBox()
  const establishmentBox = await establishment.boundingBox()
  expect((searchBox?.x ?? 0) + (searchBox?.width ?? 0)).toBeLessThanOrEqual(establishmentBox?.x ?? 0)

  await establishment.click()
  await expect(page.getByRole('dialog').getByText('Establecimiento actual')).toBeVisible()
  await page.keyboard.press('Escape')

  // The theme toggle is in the user menu on a phone.
  const userMenu = page.getByRole('button', { name: /Martín Fernández/ })
  await expectOnScreen('menú del usuario', userMenu)
  await userMenu.click()
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible()
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
  await page.getByRole('menuitem', { name: dark ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro' }).click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(!dark)
})
