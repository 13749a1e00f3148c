import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { read, utils } from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { startSignedIn, waitForHydration } from './support'

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

const API = '/app-insights/api'

/** The `frame-src` directive of a page's content security policy. */
function frameSrc(headers: Record<string, string>) {
  const policy = headers['content-security-policy'] ?? ''
  const directives = policy.split(';').filter((d) => d.trim().startsWith('frame-src'))
  expect(directives, policy).toHaveLength(1)
  return (directives[0] as string).trim().split(/\s+/).slice(1)
}

test('Un miembro ve en el Tablero el tablero de manga de su establecimiento, y abrirlo en otra pestaña', async ({
  page,
}) => {
  test.slow()
  // Not in BOARD_FRAME_ORIGINS: only the establishment's own address lets Tablero frame it. The
  // machine has no network: the board is served here.
  const origin = 'https://manga.tableros-santa-rosa.test'
  const url = `${origin}/publico/manga?vista=1`
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Manga</title><h1>Tablero de manga publicado</h1>',
    }),
  )
  const login = await page.request.post(`${API}/v2/auth/login`, {
    data: { username: 'superadmin@demo.test', password: 'Demo1234' },
  })
  const token = ((await login.json()) as { token: string }).token
  const headers = { authorization: `Bearer ${token}` }
  const all = (await (await page.request.get(`${API}/v1/user/establishments`, { headers })).json()) as {
    data: { id: number; name: string }[]
  }
  const idOf = (name: string) => all.data.find((e) => e.name === name)?.id as number
  const santaRosa = idOf('Santa Rosa')
  const esperanza = idOf('La Esperanza')
  const setUrl = async (value: string | null) => {
    const response = await page.request.patch(`${API}/v2/establishments/${santaRosa}`, {
      headers,
      data: { url_dashboard_cattle_handling: value },
    })
    return response
  }
  // http is refused at save.
  const http = await setUrl('http://manga.tableros-santa-rosa.test/publico')
  expect(http.status()).toBe(400)
  expect(((await http.json()) as { error: string }).error).toMatch(/https/)
  expect((await setUrl(url)).status()).toBe(200)
  try {
    await startSignedIn(page, 'superadmin@demo.test')
    const dash = (id: number) => `/management/establishment/app-insights/dash?establecimiento=${id}`
    const before = frameSrc((await page.request.get(dash(esperanza))).headers())

    // Santa Rosa's Tablero frames its board: its origin and nothing else is added to the policy.
    const response = await page.goto(dash(santaRosa))
    const allowed = frameSrc(await (response as NonNullable<typeof response>).allHeaders())
    expect(allowed).toEqual([...before, origin])
    await waitForHydration(page)
    const frame = page.locator('iframe[title="Tablero de manga del establecimiento"]')
    await expect(frame).toHaveAttribute('src', url)
    // The frame loads lazily: near the viewport (on a phone it is far below). Known defect (closing
    // note, 2026-11-27): the page's boundary is sometimes re-rendered on the client after hydration
    // (the charts' chunk arrives after an update) and the frame is mounted anew, so the scroll may
    // meet a frame that was just replaced: retried until the board shows in the one that stays.
    await expect(async () => {
      await frame.scrollIntoViewIfNeeded({ timeout: 2_000 })
      await expect(
        page
          .frameLocator('iframe[title="Tablero de manga del establecimiento"]')
          .getByRole('heading', { name: 'Tablero de manga publicado' }),
      ).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    await expect(page.getByRole('link', { name: /abrilo en una pestaña nueva/ })).toHaveAttribute('href', url)

    // Its Resumen and another establishment's Tablero do not.
    const summary = await page.request.get(dash(santaRosa).replace('/dash', '/summary'))
    expect(frameSrc(summary.headers())).toEqual(before)
    expect(frameSrc((await page.request.get(dash(esperanza))).headers())).not.toContain(origin)

    // Reached from Resumen without a page load, the document's policy is Resumen's, which would refuse
    // the frame: the page says so and offers a full load instead (no refused frame, no violation).
    await page.goto(dash(santaRosa).replace('/dash', '/summary'))
    await waitForHydration(page)
    await page
      .getByRole('navigation', { name: 'Menú del establecimiento' })
      .getByRole('link', { name: 'Tablero' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible()
    await expect(page.locator('iframe[title="Tablero de manga del establecimiento"]')).toHaveCount(0)
    await page.getByRole('link', { name: 'cargala de nuevo' }).click()
    await page.locator('iframe[title="Tablero de manga del establecimiento"]').scrollIntoViewIfNeeded()
    await expect(
      page
        .frameLocator('iframe[title="Tablero de manga del establecimiento"]')
        .getByRole('heading', { name: 'Tablero de manga publicado' }),
    ).toBeVisible()

    // A user who is not a member of Santa Rosa gets no such policy for its address.
    await page.context().clearCookies()
    await startSignedIn(page, 'admin@demo.test')
    expect(frameSrc((await page.request.get(dash(santaRosa))).headers())).not.toContain(origin)
  } finally {
    await setUrl(null)
  }
})
