import type { Browser, BrowserContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD, latestMailTo, resetLinkIn, startSignedIn } from './support'

/**
 * Decision 014. The forms that carry a secret work without JavaScript (a POST to their page, a 303
 * to the next one) and never put it in an address; every page sends the security headers with a
 * fresh nonce on its scripts; a state-changing request to a local endpoint must come from this site.
 */

/** A browser with JavaScript off, and every address it requests. */
async function withoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-AR' })
  const page = await context.newPage()
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  return { context, page, urls }
}

async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'insights_token')
}

test('Sin JavaScript, un usuario inicia sesión y su contraseña nunca aparece en una dirección', async ({
  browser,
}) => {
  const { context, page, urls } = await withoutScripts(browser)
  const wrong = 'Equivocada987'

  await page.goto('/management/login?redirect=/management/configuration/user-profile')
  await page.getByLabel('Usuario').fill('superadmin@demo.test')
  await page.getByLabel('Contraseña', { exact: true }).fill(wrong)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña inválida')
  await expect(page).toHaveURL(/\/management\/login\?/)
  expect(await tokenCookie(context)).toBeUndefined()

  await page.getByLabel('Usuario').fill('superadmin@demo.test')
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  // Where the user was going before the login page.
  await expect(page).toHaveURL(/\/management\/configuration\/user-profile$/)
  const cookie = await tokenCookie(context)
  expect(cookie?.httpOnly).toBe(true)
  expect(cookie?.sameSite).toBe('Lax')

  for (const secret of [wrong, DEMO_PASSWORD]) {
    expect(urls.filter((url) => decodeURIComponent(url).includes(secret))).toEqual([])
  }
  await context.close()
})

test('Sin JavaScript, un usuario restablece su contraseña con el enlace y luego la cambia', async ({
  browser,
}) => {
  const { context, page, urls } = await withoutScripts(browser)
  const email = 'cambio@demo.test'
  const reset = 'Repuesta456'
  const changed = 'Cambiada456'

  const since = Date.now() - 1000
  const asked = await page.request.post('/app-insights/api/v2/auth/password/reset/request', {
    data: { email },
  })
  expect(asked.status()).toBe(200)
  const link = resetLinkIn(await latestMailTo(email, since))

  await page.goto(`${link.pathname}${link.search}`)
  await page.getByLabel('Nueva contraseña').fill(reset)
  await page.getByLabel('Confirmar contraseña').fill('Distinta456')
  await page.getByRole('button', { name: 'Restablecer' }).click()
  await expect(page.getByRole('alert')).toHaveText('Las contraseñas no coinciden')

  await page.getByLabel('Nueva contraseña').fill(reset)
  await page.getByLabel('Confirmar contraseña').fill(reset)
  await page.getByRole('button', { name: 'Restablecer' }).click()
  await expect(page).toHaveURL(/\/management\/login\?notice=passwordChanged$/)
  await expect(page.getByRole('status')).toHaveText('Contraseña modificada exitosamente')

  await page.getByLabel('Usuario').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(reset)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
  await page.goto('/management/configuration/user-profile')

  await page.getByLabel('Contraseña actual').fill('NoEsLaActual1')
  await page.getByLabel('Nueva contraseña').fill(changed)
  await page.getByLabel('Confirmar contraseña').fill(changed)
  await page.getByRole('button', { name: 'Cambiar contraseña', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('La contraseña actual no es correcta')

  await page.getByLabel('Contraseña actual').fill(reset)
  await page.getByLabel('Nueva contraseña').fill(changed)
  await page.getByLabel('Confirmar contraseña').fill(changed)
  await page.getByRole('button', { name: 'Cambiar contraseña', exact: true }).click()
  // Signed out at once, told why.
  await expect(page).toHaveURL(/\/management\/login\?notice=passwordChanged$/)
  await expect(page.getByRole('status')).toHaveText('Contraseña modificada exitosamente')
  expect(await tokenCookie(context)).toBeUndefined()

  await page.getByLabel('Usuario').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(changed)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)

  for (const secret of [reset, changed, 'NoEsLaActual1', 'Distinta456']) {
    expect(urls.filter((url) => decodeURIComponent(url).includes(secret))).toEqual([])
  }
  await context.close()
})

test('Cada página llega con su política de seguridad y un nonce propio en cada script', async ({
  request,
}) => {
  const first = await request.get('/management/login')
  const second = await request.get('/management/login')
  const headers = first.headers()
  const policy = headers['content-security-policy'] ?? ''
  const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1]
  expect(nonce, policy).toBeTruthy()
  for (const directive of [
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ]) {
    expect(policy).toContain(directive)
  }
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['cache-control']).toBe('no-store')
  // APP_URL is http here: no HSTS (a unit test covers https).
  expect(headers['strict-transport-security']).toBeUndefined()
  // Every script of the page carries this response's nonce, and the next response has another.
  const html = await first.text()
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([])
  expect(second.headers()['content-security-policy']).not.toBe(policy)

  // The API's answers with the user's data are not stored by any cache.
  const login = await request.post('/app-insights/api/v2/auth/login', {
    data: { username: 'superadmin@demo.test', password: DEMO_PASSWORD },
  })
  const { token } = (await login.json()) as { token: string }
  const me = await request.get('/app-insights/api/v2/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(me.status()).toBe(200)
  expect(me.headers()['cache-control']).toBe('no-store')
  expect(me.headers()['x-content-type-options']).toBe('nosniff')
})

test('Un sitio ajeno no puede elegir el establecimiento ni iniciar sesión por el usuario', async ({
  page,
}) => {
  await startSignedIn(page, 'superadmin@demo.test')
  // An old browser, or a client that sends no Origin, with a foreign Referer: refused like a
  // server function would refuse it.
  const foreign = { referer: 'https://sitio-malicioso.example/pagina' }
  const select = await page.request.post('/api/establishmentId', {
    headers: foreign,
    data: { establishmentId: 1 },
  })
  expect(select.status()).toBe(403)
  expect(await select.json()).toEqual({ error: 'Solicitud de otro sitio rechazada' })
  // Without any of Sec-Fetch-Site, Origin or Referer nothing proves where it comes from.
  expect((await page.request.post('/api/establishmentId', { data: { establishmentId: 1 } })).status()).toBe(
    403,
  )
  // The login form's POST too (a login CSRF would sign the user in as the attacker).
  const login = await page.request.post('/management/login', {
    headers: { origin: 'https://sitio-malicioso.example' },
    form: { username: 'superadmin@demo.test', password: DEMO_PASSWORD },
    maxRedirects: 0,
  })
  expect(login.status()).toBe(403)
  // The same request from the site itself works.
  const same = await page.request.post('/api/establishmentId', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { establishmentId: 1 },
  })
  expect(same.status()).toBe(200)
})
