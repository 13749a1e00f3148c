import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import XLSX from 'xlsx'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { signInThroughApi, waitForHydration } from './support'

const CAPACITATIONS = '/management/establishment/capacitations'
/** A 1×1 PNG, and a Windows executable's first bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])

/** Opens Capacitación Digital in La Esperanza from the establishment picker's 'Aplicaciones' drawer. */
async function openCapacitations(page: Page) {
  await page.goto('/management/establishment')
  await waitForHydration(page)
  await page.getByRole('button', { name: /La Esperanza/ }).click()
  await expect(page).toHaveURL(/establecimiento=\d+/)
  await page.getByRole('button', { name: 'Aplicaciones' }).click()
  await page.getByRole('link', { name: 'Capacitación Digital' }).click()
  await expect(page).toHaveURL(new RegExp(`${CAPACITATIONS}`))
  await expect(page.getByRole('heading', { level: 1, name: 'Capacitación Digital' })).toBeVisible()
}

test('Un administrador escribe un curso, un usuario lo completa en el teléfono y el administrador exporta su progreso', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000)
  // One title per Playwright project and attempt: they share the server's data.
  const title = `Encierre en el corral ${testInfo.project.name} ${testInfo.retry + 1}`

  // The administrador writes the course: two lessons and a two-question quiz.
  await signInThroughApi(page.context(), 'admin@demo.test')
  await openCapacitations(page)
  // The base courses are on every database.
  await expect(
    page.getByRole('heading', { level: 2, name: 'Registrar una pesada en la manga' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Nuevo curso' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo curso' })).toBeVisible()
  await page.getByLabel('Título del curso').fill(title)
  await page.getByLabel('Descripción').fill('Cómo encerramos la hacienda en La Esperanza.')
  await page.getByLabel('Título de la lección').fill('Antes de encerrar')
  await page
    .getByLabel('Texto (Markdown)')
    .fill('Revisar **tranqueras** y aguadas.\n\n<script>alert(1)</script>')
  await page.getByRole('button', { name: 'Vista previa' }).click()
  const preview = page.getByRole('region', { name: 'Vista previa de la lección' })
  await expect(preview.locator('strong')).toHaveText('tranqueras')
  await expect(preview).toContainText('<script>alert(1)</script>')
  await page.getByRole('button', { name: 'Agregar lección' }).click()
  await page.getByLabel('Título de la lección').nth(1).fill('En la manga')
  await page.getByLabel('Texto (Markdown)').nth(1).fill('1. Entrar de a pocos animales.\n2. Sin picana.')
  await page.getByRole('button', { name: 'Agregar pregunta' }).click()
  await page.getByLabel('Texto de la pregunta 1').fill('¿Cuántos animales entran por vez?')
  await page.getByLabel('Opción 1 de la pregunta 1', { exact: true }).fill('Pocos')
  await page.getByLabel('Opción 2 de la pregunta 1', { exact: true }).fill('Todos')
  await page.getByRole('button', { name: 'Agregar pregunta' }).click()
  await page.getByLabel('Texto de la pregunta 2').fill('¿Se usa picana?')
  await page.getByLabel('Opción 1 de la pregunta 2', { exact: true }).fill('Sí')
  await page.getByLabel('Opción 2 de la pregunta 2', { exact: true }).fill('No')
  await page.getByLabel('Opción 2 de la pregunta 2 es la correcta').check()
  await page.getByRole('button', { name: 'Crear curso' }).click()
  await expect(page.getByText('Curso creado con éxito')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: `Editar «${title}»` })).toBeVisible()
  // A picture for the first lesson; a renamed executable is refused by its content.
  const upload = page.getByLabel('Adjuntar imagen o PDF').first()
  await upload.setInputFiles({ name: 'corral.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByText('Adjunto subido con éxito')).toBeVisible()
  await expect(page.getByRole('link', { name: 'corral.png' })).toBeVisible()
  await upload.setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: EXE })
  await expect(page.getByText(/^Tipo de archivo no permitido/)).toBeVisible()
  await expectAccessible(page, 'Editor de cursos')

  // A usuario takes it on a 390×844 phone.
  const phone = await browser.newContext({
    baseURL,
    locale: 'es-AR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const reader = await phone.newPage()
  await signInThroughApi(phone, 'usuario@demo.test')
  await openCapacitations(reader)
  await reader.getByRole('search').getByRole('searchbox').fill(title)
  await reader.getByRole('button', { name: 'Buscar' }).click()
  await expect(reader).toHaveURL(/q=/)
  await expect(reader.getByRole('heading', { level: 2, name: title })).toBeVisible()
  await expect(reader.getByRole('link', { name: /^Editar/ })).toHaveCount(0)
  await expectAccessible(reader, 'Catálogo de cursos (usuario, teléfono)')
  await reader.getByRole('link', { name: `Abrir ${title}` }).click()
  await expect(reader).toHaveURL(/curso=\d+/)
  const lesson = reader.getByRole('article')
  await expect(lesson.getByRole('heading', { level: 2, name: 'Antes de encerrar' })).toBeVisible()
  // What an author typed as HTML is text; no script reached the page.
  await expect(lesson).toContainText('<script>alert(1)</script>')
  await expect(lesson.locator('script')).toHaveCount(0)
  // The picture is served to the reader through the session's forward.
  const picture = lesson.getByRole('img', { name: 'corral.png' })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
  // Readable at 390 px: nothing wider than the screen.
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(reader, 'Lección (teléfono)')
  await reader.getByRole('button', { name: 'Marcar como leída' }).click()
  await expect(lesson.getByText('Lección leída')).toBeVisible()
  // Keyboard: Siguiente is reached and followed with the keyboard.
  const next = reader.getByRole('link', { name: 'Siguiente' })
  await next.focus()
  await reader.keyboard.press('Enter')
  await expect(reader).toHaveURL(/leccion=2/)
  await expect(lesson.getByRole('heading', { level: 2, name: 'En la manga' })).toBeVisible()
  await reader.getByRole('button', { name: 'Marcar como leída' }).click()
  await expect(lesson.getByText('Lección leída')).toBeVisible()
  await reader.getByRole('link', { name: 'Siguiente' }).click()
  await expect(reader).toHaveURL(/leccion=cuestionario/)
  const quiz = reader.getByRole('form', { name: 'Cuestionario' })
  // A wrong answer first: scored by the server, not passed.
  await quiz.getByRole('radio', { name: 'Pocos' }).check()
  await quiz.getByRole('radio', { name: 'Sí' }).check()
  await quiz.getByRole('button', { name: 'Enviar respuestas' }).click()
  await expect(reader.getByText(/^No aprobado: 1 de 2 correctas/)).toBeVisible()
  await quiz.getByRole('radio', { name: 'No' }).check()
  await quiz.getByRole('button', { name: 'Enviar respuestas' }).click()
  await expect(reader.getByText(/^Aprobado: 2 de 2 correctas \(100 %\)/)).toBeVisible()
  await expect(reader.getByText('¡Completaste este curso!')).toBeVisible()
  await expectAccessible(reader, 'Cuestionario (teléfono)')
  await phone.close()

  // The administrador sees Lucía at 100 % and exports it.
  await page.goto(`${CAPACITATIONS}?vista=progreso`)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Progreso del personal' })).toBeVisible()
  await page.getByPlaceholder('Título del curso').fill(title)
  const table = page.getByRole('table', { name: 'Progreso de capacitación' })
  const row = table.getByRole('row', { name: new RegExp(`Lucía González.*${title}`) })
  await expect(row).toContainText('100 %')
  await expect(row).toContainText('2 de 2')
  await expect(row).toContainText('Aprobado (100 %)')
  await expectAccessible(page, 'Progreso del personal')
  await row.getByRole('checkbox').check()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('progreso-capacitacion-insights.xlsx')
  const book = XLSX.read(readFileSync((await file.path()) as string))
  const sheet = book.Sheets.Datos
  expect(sheet).toBeDefined()
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet as XLSX.WorkSheet)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    Persona: 'Lucía González',
    Curso: title,
    'Lecciones leídas': '2 de 2',
    Progreso: 1,
  })
})
