import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config'

export const DEMO_PASSWORD = 'Demo1234'

/** SSR pages look ready before React hydrates them: wait for the marker the root layout sets. */
export async function waitForHydration(page: Page) {
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' })
}

/** Signs in through the login form: for the journeys about signing in (and one other, decision 023). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/management/login')
  await waitForHydration(page)
  await page.getByLabel('Usuario').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
}

/** The BFF's httpOnly cookies (app/features/auth/session.server.ts). */
const TOKEN_COOKIE = 'insights_token'
const DEVICE_COOKIE = 'insights_device'

/**
 * Signs `context` in as `email` without the login form: the provider's login endpoint issues the
 * token, and the token goes into the same httpOnly cookies the login form's action writes (the
 * token as a session cookie, the known-device token for a year). A token per test, not one stored
 * state shared by all: a journey that signs out then revokes only its own. Successful sign-ins do not
 * count against the sign-in limits (decision 015), so journeys can sign in as often as they need.
 * The journeys that are about signing in (login, auth, shared links) and one other journey keep
 * signing in through the form (decision 023).
 */
export async function signInThroughApi(context: BrowserContext, email: string, password = DEMO_PASSWORD) {
  const response = await context.request.post('/app-insights/api/v2/auth/login', {
    data: { username: email, password },
  })
  expect(response.status(), `ingreso de ${email} por la API: ${await response.text()}`).toBe(200)
  const session = (await response.json()) as { token: string; device_token: string }
  const url = new URL(response.url()).origin
  const cookie = { url, httpOnly: true, sameSite: 'Lax' as const, secure: url.startsWith('https:') }
  await context.addCookies([
    { ...cookie, name: TOKEN_COOKIE, value: session.token },
    {
      ...cookie,
      name: DEVICE_COOKIE,
      value: session.device_token,
      expires: Math.floor(Date.now() / 1000) + 365 * 86_400,
    },
  ])
}

/** Signs in as `email` through the API and opens the establishment picker, where the form would land. */
export async function startSignedIn(page: Page, email: string) {
  await signInThroughApi(page.context(), email)
  await page.goto('/management/establishment')
  await waitForHydration(page)
}

/** Signs in as admin@demo.test and opens Animales of La Esperanza; answers the table once it has rows. */
export async function openEsperanzaAnimals(page: Page) {
  await startSignedIn(page, 'admin@demo.test')
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  // Exact: Resumen, where the pick lands, links to Animales from every number ('… Ver los animales').
  await page.getByRole('link', { name: 'Animales', exact: true }).click()
  await expect(page).toHaveURL(/animals\/\d+\/breeding-herd/)
  const table = page.getByRole('table', { name: 'Animales' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  return table
}

/** The newest e-mail the server wrote for an address (no SMTP in e2e: .eml files in DATA_DIR/mail). */
export async function latestMailTo(email: string, since: number) {
  const dir = path.join(E2E_DATA_DIR, 'mail')
  let found: string | undefined
  await expect
    .poll(() => {
      const files = (() => {
        try {
          return readdirSync(dir)
        } catch {
          return []
        }
      })()
        .filter((f) => f.includes(email))
        .map((f) => path.join(dir, f))
        .filter((f) => statSync(f).mtimeMs >= since)
      found = files.sort().at(-1)
      return Boolean(found)
    })
    .toBe(true)
  return readFileSync(found as string, 'utf8')
}

/** The reset link of a raw message (quoted-printable soft line breaks and =3D undone). */
export function resetLinkIn(raw: string) {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const match = /https?:\/\/[^\s"<>]+\/management\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(decoded)
  if (!match) throw new Error('el correo no trae el enlace para restablecer la contraseña')
  return new URL(match[0])
}
