import type { Browser, Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, startSignedIn, waitForHydration } from './support'

/** Each colleague's own browser (cookies of its own): these journeys are people on different machines. */
const onAnotherDevice = (browser: Browser) => browser.newContext()

/** A signed-in page in a browser of its own (a colleague's), working in `establishment`. */
async function colleagueIn(browser: Browser, email: string, establishment: RegExp) {
  const context = await onAnotherDevice(browser)
  const page = await context.newPage()
  await startSignedIn(page, email)
  await page.getByRole('button', { name: establishment }).click()
  await expect(page).toHaveURL(/app-insights\/summary\?establecimiento=\d+$/)
  return { context, page }
}

/** From the establishment's menu to Animales, then the first row's animal page; answers its IDV. */
async function openFirstAnimal(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menú del establecimiento' })
    .getByRole('link', { name: 'Animales', exact: true })
    .click()
  const table = page.getByRole('table', { name: 'Animales' })
  const tag = ((await table.locator('tbody tr').first().locator('td').nth(1).textContent()) ?? '').trim()
  await table.getByRole('link', { name: tag, exact: true }).click()
  return tag
}

const rfidOf = (page: Page) =>
  page.locator('dt', { hasText: /^RFID$/ }).locator('xpath=following-sibling::dd[1]')

test('Un colega abre el enlace de un animal de otro establecimiento y ve ese animal, con un aviso del cambio', async ({
  browser,
}) => {
  // The sender works in La Esperanza and copies the address of an animal from the Animales table.
  const sender = await colleagueIn(browser, 'admin@demo.test', /La Esperanza/)
  const tag = await openFirstAnimal(sender.page)
  await expect(sender.page).toHaveURL(new RegExp(`/app-insights/animal/${tag}\\?establecimiento=\\d+$`))
  await expect(sender.page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  const link = sender.page.url()
  const rfid = (await rfidOf(sender.page).textContent())?.trim()
  expect(rfid).toBeTruthy()

  // The header search names the establishment too.
  const search = sender.page.getByRole('combobox', { name: 'Buscar animal por IDV' })
  await search.fill(tag)
  await expect(sender.page.getByRole('option', { name: new RegExp(tag) }).first()).toBeVisible()
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect(sender.page).toHaveURL(/\/animal\/[^?]+\?establecimiento=\d+$/)

  // The colleague has El Ombú selected; the link still shows La Esperanza's animal, and says so.
  const colleague = await colleagueIn(browser, 'admin@demo.test', /El Ombú/)
  await colleague.page.goto(link)
  await waitForHydration(colleague.page)
  await expect(colleague.page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  await expect(rfidOf(colleague.page)).toHaveText(rfid as string)
  const notice = colleague.page
    .getByRole('status')
    .filter({ hasText: 'Cambió al establecimiento La Esperanza' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('antes trabajaba en El Ombú')
  await expect(colleague.page.getByRole('button', { name: 'Establecimiento: La Esperanza' })).toBeVisible()
  await notice.getByRole('button', { name: 'Cerrar aviso' }).click()
  await expect(notice).toBeHidden()

  // The sections the colleague moves to keep naming La Esperanza.
  await colleague.page
    .getByRole('navigation', { name: 'Menú del establecimiento' })
    .getByRole('link', { name: 'Manga', exact: true })
    .click()
  await expect(colleague.page).toHaveURL(
    new RegExp(`cattlehandling\\?establecimiento=${/establecimiento=(\d+)/.exec(link)?.[1]}$`),
  )
  await sender.context.close()
  await colleague.context.close()
})

test('Un visitante sin sesión abre el enlace de un animal, inicia sesión y llega a ese animal', async ({
  browser,
}) => {
  const sender = await colleagueIn(browser, 'admin@demo.test', /La Esperanza/)
  const tag = await openFirstAnimal(sender.page)
  await expect(sender.page).toHaveURL(/\?establecimiento=\d+$/)
  const link = new URL(sender.page.url())
  await sender.context.close()

  // A fresh browser: no session and no establishment chosen before.
  const context = await onAnotherDevice(browser)
  const page = await context.newPage()
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/management\/login\?redirect=/)
  await waitForHydration(page)
  await page.getByLabel('Usuario').fill('admin@demo.test')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(link.href)
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible()

  // The address to return to is checked: another site is never where sign-in leads.
  await context.clearCookies()
  await page.goto('/management/login?redirect=https%3A%2F%2Fevil.example%2Fmanagement%2Festablishment')
  await waitForHydration(page)
  await page.getByLabel('Usuario').fill('admin@demo.test')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/management\/establishment\/?$/)
  await context.close()
})

test('Un usuario abre una dirección que no existe y ve la página de error en castellano', async ({
  page,
}) => {
  // Outside the app's area: Spanish, HTTP 404, a way in.
  const outside = await page.goto('/no-existe')
  expect(outside?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
  await expect(page.getByText('Not Found')).toHaveCount(0)

  // Inside it, signed in: the same page within the app's header, HTTP 404.
  await startSignedIn(page, 'admin@demo.test')
  for (const address of ['/management/no-existe', '/management/establishment/app-insights/no-existe']) {
    const response = await page.goto(address)
    expect(response?.status(), address).toBe(404)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Martín Fernández/ })).toBeVisible()
    await expectAccessible(page, 'Página no encontrada')
  }
  await page.getByRole('link', { name: 'Volver a Establecimientos' }).click()
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
})

test('Un usuario que abre un establecimiento ajeno ve Sin acceso, con estado 403 y sin el nombre de otro establecimiento', async ({
  browser,
}) => {
  // The superadmin sees Santa Rosa, which admin@demo.test does not belong to (auth.test.ts changes
  // usuario@demo.test's password).
  const owner = await colleagueIn(browser, 'superadmin@demo.test', /Santa Rosa/)
  const santaRosaSummary = new URL(owner.page.url())
  await owner.context.close()

  const { context, page } = await colleagueIn(browser, 'admin@demo.test', /La Esperanza/)
  const response = await page.goto(santaRosaSummary.pathname + santaRosaSummary.search)
  expect(response?.status()).toBe(403)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Sin acceso' })).toBeVisible()
  await expect(page.getByText('No tiene acceso a este establecimiento')).toBeVisible()
  await expect(page.getByText('Esta sección estará disponible próximamente')).toHaveCount(0)
  // The header does not name the establishment the user is still working in.
  await expect(page.getByRole('button', { name: /^Establecimiento:/ })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Menú del establecimiento' })).toHaveCount(0)
  await expectAccessible(page, 'Sin acceso')
  await page.getByRole('link', { name: 'Volver a Establecimientos' }).click()
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
  await context.close()
})
