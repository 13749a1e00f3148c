import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { openEsperanzaAnimals, waitForHydration } from './support'

test('El navegador encuentra el ícono, los íconos de la aplicación y su manifiesto', async ({
  page,
  request,
}) => {
  await page.goto('/management/login')
  await waitForHydration(page)
  const head = page.locator('head')
  await expect(head.locator('link[rel="icon"][type="image/svg+xml"]')).toHaveAttribute('href', '/favicon.svg')
  await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png')
  await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')

  const expectFile = async (path: string, type: string) => {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type'], path).toContain(type)
    return response
  }
  await expectFile('/favicon.svg', 'image/svg+xml')
  await expectFile('/favicon.ico', 'image/vnd.microsoft.icon')
  await expectFile('/apple-touch-icon.png', 'image/png')
  const manifest = await (await expectFile('/manifest.webmanifest', 'application/manifest+json')).json()
  expect(manifest).toMatchObject({ name: 'Insights', short_name: 'Insights', lang: 'es-AR' })
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find(
      (i: { sizes: string; type: string }) => i.sizes === size && i.type === 'image/png',
    )
    expect(icon, size).toBeTruthy()
    const png = await expectFile(icon.src, 'image/png')
    // The PNG's own header says its size (width and height at bytes 16–23).
    const body = await png.body()
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(size)
  }
})

test('Un usuario abre un animal vendido: la ficha y el buscador lo marcan y no ofrece editarlo ni eliminarlo', async ({
  page,
}) => {
  const table = await openEsperanzaAnimals(page)

  // 'Situación: Dados de baja' lists the animals that left the herd.
  await page.getByRole('button', { name: 'Filtros', exact: true }).click()
  await page.getByRole('button', { name: /^Situación:/ }).click()
  await page.getByText('Dados de baja', { exact: true }).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByText('1 Filtros aplicados')).toBeVisible()
  const firstTag = table.locator('tbody tr').first().locator('td:nth-child(2)')
  await expect(firstTag).not.toHaveText('')
  const tag = ((await firstTag.textContent()) ?? '').trim()

  // The header search marks it.
  const search = page.getByRole('combobox', { name: 'Buscar animal por IDV' })
  await search.fill(tag)
  const option = page.getByRole('option', {
    name: new RegExp(`^${tag}.*Baja: \\S+ el \\d{2}/\\d{2}/\\d{4}$`),
  })
  await expect(option).toBeVisible()
  await option.click()

  // Its page says it left the herd and offers nothing to edit or delete.
  await expect(page.getByRole('heading', { level: 1, name: tag })).toBeVisible()
  await expect(page.getByRole('note')).toContainText(
    /Este animal ya no está en el rodeo \(Baja: \S+ el \d{2}\/\d{2}\/\d{4}\)/,
  )
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0)
  await expectAccessible(page, 'Animal dado de baja')
})
