import { expect, type Page, test } from '@playwright/test'
import { read, utils, write } from 'xlsx'
import { signIn, waitForHydration } from './support'

/**
 * The Masivo panel is wired into the create forms (issues 5 and 6) by the lead; until then these
 * journeys drive, from a signed-in page, exactly what the panel does: the template link, and the
 * upload through the local endpoint with XMLHttpRequest (the session cookie, never a token in the
 * page). The animals then show in the Animales table.
 */

async function openEsperanzaAnimals(page: Page) {
  await signIn(page, 'admin@demo.test')
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
  await waitForHydration(page)
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await page.getByRole('link', { name: 'Animales' }).click()
  await expect(page).toHaveURL(/animals\/(\d+)\/breeding-herd/)
  const establishmentId = Number(/animals\/(\d+)\//.exec(page.url())?.[1])
  const table = page.getByRole('table', { name: 'Animales' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  return { table, establishmentId }
}

/** Posts the file the way the panel does (XMLHttpRequest from the page), with its upload progress. */
async function uploadFromPage(page: Page, bytes: Uint8Array, establishmentId: number) {
  return page.evaluate(
    ({ data, establishmentId }) =>
      new Promise<{ status: number; body: string; progressEvents: number }>((resolve) => {
        const form = new FormData()
        form.set('file', new File([new Uint8Array(data)], 'Animales_Template.xlsx'))
        form.set('establishmentId', String(establishmentId))
        const xhr = new XMLHttpRequest()
        let progressEvents = 0
        xhr.upload.onprogress = () => {
          progressEvents++
        }
        xhr.open('POST', '/api/bulk-upload/animals')
        xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText, progressEvents })
        xhr.send(form)
      }),
    { data: [...bytes], establishmentId },
  )
}

test('Un administrador descarga la planilla de animales, la completa y la sube: los animales aparecen en la tabla', async ({
  page,
}) => {
  const { table, establishmentId } = await openEsperanzaAnimals(page)
  const prefix = `MAS${Date.now().toString(36).toUpperCase()}`

  // The template the panel links to, with its example rows and its instructions sheet.
  const download = await page.request.get('/api/bulk-upload/templates/Animales_Template.xlsx')
  expect(download.status()).toBe(200)
  expect(download.headers()['content-disposition']).toContain('Animales_Template.xlsx')
  const book = read(await download.body(), { type: 'buffer' })
  expect(book.SheetNames).toEqual(['Datos', 'Instrucciones'])
  const sheet = book.Sheets.Datos
  if (!sheet) throw new Error('sin hoja Datos')
  const [header] = utils.sheet_to_json<string[]>(sheet, { header: 1 })
  expect(header?.slice(0, 5)).toEqual(['IDV', 'IDE', 'Categoría', 'Raza', 'Color'])

  // Filled as a user would: the example rows replaced by three new animals, the last one bad.
  const row = (tag: string, category: string, color: string) => {
    const values: Record<string, string> = {
      IDV: tag,
      Categoría: category,
      Raza: 'Angus',
      Color: color,
      'Fecha de nacimiento': '10/09/2024',
      'Tipo de ingreso': 'Compra',
    }
    return (header ?? []).map((name) => values[name] ?? null)
  }
  const fill = (rows: (string | null)[][]) => {
    book.Sheets.Datos = utils.aoa_to_sheet([header ?? [], ...rows])
    return new Uint8Array(write(book, { type: 'buffer', bookType: 'xlsx' }))
  }
  const bad = await uploadFromPage(
    page,
    fill([row(`${prefix}-1`, 'Vaca', 'negro'), row(`${prefix}-2`, 'Ternera', 'azul')]),
    establishmentId,
  )
  expect(bad.status).toBe(400)
  expect(JSON.parse(bad.body)).toMatchObject({
    error: 'La planilla tiene 1 error: no se guardó ninguna fila.',
    rows: [{ row: 3, column: 'Color', message: 'Valor no válido. Opciones: negro, colorado, otro' }],
  })

  const good = await uploadFromPage(
    page,
    fill([row(`${prefix}-1`, 'Vaca', 'negro'), row(`${prefix}-2`, 'Ternera', 'colorado')]),
    establishmentId,
  )
  expect(good.status, good.body).toBe(201)
  expect(JSON.parse(good.body)).toMatchObject({ message: 'Archivo cargado con éxito', data: { created: 2 } })
  expect(good.progressEvents).toBeGreaterThan(0)

  // Both are in the herd now, and nothing of the refused file was kept twice.
  await page.getByPlaceholder('Buscar IDV').fill(prefix)
  const tags = table.locator('tbody tr td:nth-child(2)')
  await expect(tags).toHaveText([`${prefix}-1`, `${prefix}-2`])
  await expect(table.locator('tbody tr td:nth-child(4)')).toHaveText(['Vaca', 'Ternera'])
})

test('Un usuario que no es administrador no puede subir planillas', async ({ page }) => {
  await signIn(page, 'usuario@demo.test')
  await expect(page).toHaveURL(/\/management\/establishment\/?$/)
  await waitForHydration(page)
  const template = await page.request.get('/api/bulk-upload/templates/Pesada_Template.xlsx')
  const result = await uploadFromPage(page, new Uint8Array(await template.body()), 1)
  expect(result.status).toBe(403)
  expect(JSON.parse(result.body).error).toBe(
    'Solo un administrador del establecimiento puede hacer cargas masivas',
  )
})
