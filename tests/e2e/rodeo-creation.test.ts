import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { openEsperanzaAnimals, startSignedIn } from './support'

/** The 'Nuevo rodeo' options of the Eventos dialog, for the first animal of the list, once `waitFor` is one. */
async function rodeoChoices(page: Page, waitFor?: string) {
  const table = page.getByRole('table', { name: 'Animales' })
  await table.locator('tbody tr').first().getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Eventos' }).click()
  const dialog = page.getByRole('dialog', { name: 'Eventos' })
  const select = dialog.getByLabel('Nuevo rodeo')
  await expect(select.locator('option').nth(1)).toBeAttached()
  if (waitFor) await expect(select.locator('option', { hasText: waitFor })).toBeAttached()
  const options = await select.locator('option').allTextContents()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  return options
}

test('Un administrador crea un rodeo y lo elige enseguida al mover animales', async ({ page }, testInfo) => {
  // One name per Playwright project and attempt: they share the server's data.
  const name = `Destete ${testInfo.project.name} ${testInfo.retry + 1}`
  await openEsperanzaAnimals(page)
  expect(await rodeoChoices(page)).not.toContain(name)

  // To Configuración → Crear rodeo without reloading: the app's caches come along.
  await page.getByRole('button', { name: /^Establecimiento: La Esperanza/ }).click()
  await page.getByRole('link', { name: 'Configuración del establecimiento' }).click()
  await expect(page).toHaveURL(/\/configuration\?establecimiento=\d+$/)
  // The dialog stays open over the page it led to.
  await page.getByRole('button', { name: 'Cerrar' }).click()
  await page.getByRole('link', { name: 'Crear rodeo' }).click()
  await expect(page).toHaveURL(/\/configuration\/rodeo-creation\?establecimiento=\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Crear rodeo' })).toBeVisible()
  const rodeos = page.getByRole('table', { name: 'Rodeos del establecimiento' })
  await expect(rodeos.getByRole('row').nth(1)).toBeVisible()
  await expect(rodeos.getByRole('cell', { name, exact: true })).toHaveCount(0)

  const field = page.getByLabel('Nombre del rodeo')
  await field.fill(`  ${name} `)
  await page.getByRole('button', { name: 'Crear rodeo' }).click()
  await expect(page.getByText('Rodeo creado con éxito')).toBeVisible()
  await expect(rodeos.getByRole('row', { name: `${name} 0` })).toBeVisible()
  await expect(field).toHaveValue('')

  // The same name in other letters is refused under the field.
  await field.fill(name.toUpperCase())
  await page.getByRole('button', { name: 'Crear rodeo' }).click()
  await expect(page.getByText(`Ya existe un rodeo llamado «${name}» en este establecimiento`)).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page, 'Crear rodeo')

  // Back to Animales (client-side): the new rodeo is a choice at once.
  await page.goBack()
  await page.goBack()
  await expect(page).toHaveURL(/animals\/\d+\/breeding-herd/)
  await expect(page.getByRole('table', { name: 'Animales' }).locator('tbody tr').first()).toBeVisible()
  expect(await rodeoChoices(page, name)).toContain(name)
})

test('Un usuario ve los rodeos del establecimiento pero no puede crearlos', async ({ page }) => {
  await startSignedIn(page, 'usuario@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/summary\?establecimiento=\d+$/)
  await page.goto('/management/establishment/configuration/rodeo-creation')
  await expect(page.getByRole('heading', { level: 1, name: 'Crear rodeo' })).toBeVisible()
  await expect(page.getByText(/Solo un administrador del establecimiento puede crear rodeos/)).toBeVisible()
  await expect(
    page.getByRole('table', { name: 'Rodeos del establecimiento' }).getByRole('row').nth(1),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Crear rodeo' })).toHaveCount(0)
  await expectAccessible(page, 'Crear rodeo (usuario)')
})
