import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { waitForHydration } from './support'

test('Un visitante abre la página de inicio de sesión', async ({ page }) => {
  await page.goto('/management/login')
  await waitForHydration(page)

  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible()
  await expect(page.getByLabel('Usuario')).toBeVisible()
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible()
  await expectAccessible(page, 'Iniciar Sesión')
})

test('Un visitante que entra por la raíz llega al inicio de sesión', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/management\/login$/)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible()
})

test('Un monitor consulta el estado del servicio', async ({ request }) => {
  const response = await request.get('/app-insights/api/health')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/json')
  const body = await response.json()
  expect(body).toMatchObject({
    status: 'ok',
    database: { engine: expect.stringMatching(/^(pglite|postgres)$/), reachable: true },
  })
  const expectedEngine = process.env.DATABASE_URL ? 'postgres' : 'pglite'
  expect(body.database.engine).toBe(expectedEngine)
})

test('Un monitor ve el estado del sistema en una página', async ({ page }) => {
  // The page's data comes from a server function that calls the provider API through the ky client.
  await page.goto('/management/estado')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Estado del sistema' })).toBeVisible()
  await expect(page.getByText('En línea')).toBeVisible()
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (base embebida)'
  await expect(page.getByText(`${engine} — responde`)).toBeVisible()
  await expectAccessible(page, 'Estado del sistema')
})
