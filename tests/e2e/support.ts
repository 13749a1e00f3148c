import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { E2E_DATA_DIR } from '../../playwright.config'

export const DEMO_PASSWORD = 'Demo1234'

/** SSR pages look ready before React hydrates them: wait for the marker the root layout sets. */
export async function waitForHydration(page: Page) {
  await page.locator('body[data-hydrated]').waitFor({ state: 'attached' })
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/management/login')
  await waitForHydration(page)
  await page.getByLabel('Usuario').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
}

/** Signs in as admin@demo.test and opens Animales of La Esperanza; answers the table once it has rows. */
export async function openEsperanzaAnimals(page: Page) {
  await signIn(page, 'admin@demo.test')
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
  await waitForHydration(page)
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await page.getByRole('link', { name: 'Animales' }).click()
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
