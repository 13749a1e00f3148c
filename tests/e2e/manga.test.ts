import type { Page } from '@playwright/test'
import { expectAccessible } from './axe'
import { expect, test } from './fixtures'
import { startSignedIn, waitForHydration } from './support'

/** Issue 6's journeys work in Santa Rosa, with sessions of their own (never establishment-wide counts). */
async function enterSantaRosa(page: Page) {
  await startSignedIn(page, 'superadmin@demo.test')
  await page.getByRole('button', { name: /Santa Rosa/ }).click()
}

type Tagged = { idv: string; rfid: string }

/** Animals of Santa Rosa that were weighed before (so a new weighing has a gain), from Animales. */
async function weighedAnimals(page: Page, count: number, skip: number): Promise<Tagged[]> {
  await page.getByRole('link', { name: 'Animales', exact: true }).click()
  const table = page.getByRole('table', { name: 'Animales' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  // Heaviest first: animals with weighings (the others sort last both ways).
  const weightHeader = table.getByRole('columnheader', { name: /^Último peso/ })
  await table.getByRole('button', { name: /^Último peso/ }).click()
  await expect(weightHeader).toHaveAttribute('aria-sort', 'ascending')
  await table.getByRole('button', { name: /^Último peso/ }).click()
  await expect(weightHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(page).toHaveURL(/desc=true/)
  const rows = table.locator('tbody tr')
  const header = await table.locator('thead th').allTextContents()
  const column = (name: string) => header.findIndex((text) => text.startsWith(name))
  const [idvAt, rfidAt, weightAt] = [column('IDV'), column('RFID'), column('Último peso')]
  await expect(rows.first().locator('td').nth(weightAt)).not.toHaveText('')
  const found: Tagged[] = []
  const total = await rows.count()
  for (let i = skip; i < total && found.length < count; i++) {
    const cells = rows.nth(i).locator('td')
    const [idv, rfid, weight] = await Promise.all([
      cells.nth(idvAt).textContent(),
      cells.nth(rfidAt).textContent(),
      cells.nth(weightAt).textContent(),
    ])
    if (idv && rfid?.length === 15 && weight?.trim()) found.push({ idv: idv.trim(), rfid })
  }
  expect(found).toHaveLength(count)
  return found
}

test('Un usuario crea una sesión desde Nueva Pesada, registra cinco pesadas en modo manga y da de alta un animal desconocido; luego edita una y elimina otra', async ({
  page,
}) => {
  await enterSantaRosa(page)
  const animals = await weighedAnimals(page, 5, 20)
  const stamp = Date.now().toString(36)
  const sessionName = `E2E6 Pesada ${stamp}`

  await page.getByRole('link', { name: 'Manga', exact: true }).click()
  await expect(page).toHaveURL(/\/cattlehandling/)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Nueva Pesada' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nueva Pesada' })
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled()
  // An admin also has the spreadsheet upload (issue 8) in a 'Masivo' tab; 'Individual' is open.
  await expect(dialog.getByRole('tab', { name: 'Masivo' })).toBeVisible()
  await expect(dialog.getByRole('tab', { name: 'Individual' })).toHaveAttribute('aria-selected', 'true')
  await expectAccessible(page, 'Nueva Pesada')

  // A session created from the record form: its type is the form's, locked.
  await dialog.getByRole('button', { name: 'Crear Sesión' }).click()
  const newSession = page.getByRole('dialog', { name: 'Crear Sesión' })
  const type = newSession.getByLabel('Tipo de trabajo')
  await expect(type).toBeDisabled()
  await expect(type.locator('option:checked')).toHaveText('Pesada')
  await newSession.getByLabel('Nombre').fill(sessionName)
  await newSession.getByLabel('Descripción').fill('Pesada de prueba en la manga')
  await newSession.getByRole('button', { name: 'Crear Sesión' }).click()
  await expect(page.getByText('Sesión creada exitosamente')).toBeVisible()
  await expect(newSession).toBeHidden()
  const session = dialog.getByLabel('Sesión', { exact: true })
  await expect(session.locator('option:checked')).toHaveText(sessionName)
  await expect(dialog.getByRole('status')).toContainText('0')

  // Five animals through the chute: tag + Enter (a stick reader), weight + Enter.
  const tag = dialog.getByLabel('Caravana (IDV o RFID)')
  const weights = [301.5, 322, 287, 415, 368]
  for (const [i, animal] of animals.entries()) {
    await expect(tag).toBeFocused()
    // RFIDs as readers and spreadsheets send them: whole, without the leading zero, or padded to 16.
    const typed =
      i === 0
        ? animal.idv
        : i === 1
          ? animal.rfid.replace(/^0/, '')
          : i === 2
            ? `0${animal.rfid}`
            : animal.rfid
    await tag.fill(typed)
    await tag.press('Enter')
    await expect(dialog.getByRole('region', { name: `Animal ${animal.idv}` })).toBeVisible()
    if (i === 0) await expectAccessible(page, 'Nueva Pesada, animal leído')
    const weight = dialog.getByLabel('Peso (kg)')
    await expect(weight).toBeFocused()
    await weight.fill(String(weights[i]).replace('.', ','))
    await weight.press('Enter')
    await expect(page.getByText('Pesada creado con éxito').first()).toBeVisible()
    await expect(dialog.getByLabel(`${i + 1} animales registrados`)).toBeVisible()
  }
  // Session and date stay; the same animal again is warned about before saving.
  await expect(session.locator('option:checked')).toHaveText(sessionName)
  await tag.fill(animals[0]?.idv ?? '')
  await tag.press('Enter')
  await expect(dialog.getByText('Este animal ya tiene una pesada en esta sesión.')).toBeVisible()
  await expectAccessible(page, 'Nueva Pesada, animal repetido')
  await dialog.getByLabel('Peso (kg)').fill('300')
  await dialog.getByLabel('Peso (kg)').press('Enter')
  await expect(dialog.getByRole('button', { name: 'Registrar de todos modos' })).toBeFocused()
  await dialog.getByRole('button', { name: 'No registrar' }).click()
  await expect(tag).toBeFocused()
  await expect(dialog.getByLabel('Peso (kg)')).toHaveValue('')
  // An unknown tag says so, and the animal can be created on the spot (issue 5's form), then weighed.
  const newcomer = `E2E6-${stamp}`.toUpperCase()
  await tag.fill(newcomer)
  await tag.press('Enter')
  await expect(
    dialog.getByText(`No hay ningún animal con la caravana ${newcomer} en este establecimiento.`),
  ).toBeVisible()
  await dialog.getByRole('button', { name: `Crear animal ${newcomer}` }).click()
  const create = page.getByRole('dialog', { name: 'Nuevo animal' })
  // The unknown tag is already in the form: nobody types it twice at the chute.
  await expect(create.getByLabel('IDV')).toHaveValue(newcomer)
  await create.getByLabel('Categoría').selectOption({ label: 'Vaca' })
  await create.getByLabel('Raza').selectOption({ label: 'Angus' })
  await create.getByLabel('Color').selectOption({ label: 'negro' })
  await create.getByLabel('Tipo de ingreso').selectOption({ label: 'Compra' })
  await create.getByRole('button', { name: 'Crear animal' }).click()
  await expect(page.getByText('Animal creado exitosamente')).toBeVisible()
  await expect(create).toBeHidden()
  await expect(dialog.getByRole('region', { name: `Animal ${newcomer}` })).toBeVisible()
  await expect(dialog.getByLabel('Peso (kg)')).toBeFocused()
  await dialog.getByLabel('Peso (kg)').fill('250')
  await dialog.getByLabel('Peso (kg)').press('Enter')
  await expect(dialog.getByLabel('6 animales registrados')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click()
  await expect(dialog).toBeHidden()

  // The weighing table, filtered to the session: the six rows, the five known animals with their gain (GDPV).
  await page.getByRole('link', { name: 'Pesadas' }).click()
  await expect(page).toHaveURL(/type=weighings/)
  await expect(page.getByRole('link', { name: 'Pesadas' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Inseminaciones' })).not.toHaveAttribute('aria-current', 'page')
  const table = page.getByRole('table', { name: 'Pesadas' })
  await page.getByRole('button', { name: 'Filtros', exact: true }).click()
  await page.getByRole('button', { name: /^Sesión:/ }).click()
  await page.getByLabel('Buscar en Sesión').fill(stamp)
  await page.getByRole('group', { name: 'Sesión' }).getByText(sessionName, { exact: true }).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')
  await expect(page.getByText('1 Filtros aplicados')).toBeVisible()
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(6)
  await expectAccessible(page, 'Manga, Pesadas de la sesión')
  const header = await table.locator('thead th').allTextContents()
  const gdpvAt = header.findIndex((text) => text.startsWith('GDPV (kg/día)'))
  const weightAt = header.findIndex((text) => text.startsWith('Peso (kg)'))
  for (const animal of animals) {
    const row = rows.filter({ hasText: animal.idv })
    await expect(row.locator('td').nth(gdpvAt)).toHaveText(/^-?\d+,\d{3}$/)
  }

  // A table showing one session is that session's: a new weighing goes into it, shown read-only.
  await page.getByRole('button', { name: 'Nueva Pesada' }).click()
  const fixed = page.getByRole('dialog', { name: 'Nueva Pesada' })
  // Each tab has its own session field: look in the panel shown (the other may stay in the page).
  const individual = fixed.getByRole('tabpanel', { name: 'Individual' })
  await expect(individual.getByLabel('Sesión', { exact: true })).toHaveValue(sessionName)
  await expect(individual.getByLabel('Sesión', { exact: true })).toHaveAttribute('readonly', '')
  await expect(fixed.getByRole('button', { name: 'Crear Sesión' })).toHaveCount(0)
  // Its 'Masivo' tab uploads into that same session.
  await fixed.getByRole('tab', { name: 'Masivo' }).click()
  const bulk = fixed.getByRole('tabpanel', { name: 'Masivo' })
  await expect(bulk.getByText('Selecciona el archivo:')).toBeVisible()
  await expect(bulk.getByLabel('Sesión', { exact: true })).toHaveValue(sessionName)
  await expect(bulk.getByLabel('Sesión', { exact: true })).toHaveAttribute('readonly', '')
  await fixed.getByRole('button', { name: 'Cerrar ventana' }).click()
  await expect(fixed).toBeHidden()

  // A copied link reopens the same view.
  const link = page.url()
  await page.goto(link)
  await waitForHydration(page)
  await expect(rows).toHaveCount(6)

  // Edit one weighing.
  const edited = animals[1] as Tagged
  await table.getByRole('button', { name: `Editar ${edited.idv}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar pesada' })
  await expect(edit.getByLabel('Sesión', { exact: true })).toHaveValue(sessionName)
  await expectAccessible(page, 'Editar pesada')
  await edit.getByLabel('Peso (kg)').fill('333,5')
  await edit.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByText('Pesada modificada con éxito')).toBeVisible()
  await expect(rows.filter({ hasText: edited.idv }).locator('td').nth(weightAt)).toHaveText('333,5')

  // Delete another.
  const removed = animals[3] as Tagged
  await table.getByRole('button', { name: `Eliminar ${removed.idv}` }).click()
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar la pesada?' })
  await confirm.getByRole('button', { name: 'Eliminar' }).click()
  await expect(page.getByText('Pesada eliminada con éxito')).toBeVisible()
  await expect(rows).toHaveCount(5)
  await expect(rows.filter({ hasText: removed.idv })).toHaveCount(0)
})

test('Un usuario abre los diagnósticos de gestación de la Manga en su dirección propia', async ({ page }) => {
  await enterSantaRosa(page)
  await page.getByRole('link', { name: 'Manga', exact: true }).click()
  await waitForHydration(page)
  await page.getByRole('link', { name: 'Diag. Gestación' }).click()
  await expect(page).toHaveURL(/\/cattlehandling\/pregnacy-check/)
  const table = page.getByRole('table', { name: 'Diagnósticos' })
  await expect(table.locator('tbody tr').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Diag. Gestación' })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page, 'Manga, Diag. Gestación')

  // Like every cattle table, it can add animals: one by one, or (an administrator) by spreadsheet.
  await page.getByRole('button', { name: 'Agregar nuevo animal' }).click()
  await expect(page.getByRole('menuitem', { name: 'Masivo' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Individual' }).click()
  const create = page.getByRole('dialog', { name: 'Nuevo animal' })
  await expect(create.getByLabel('IDV')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(create).toBeHidden()

  // Its export is named like its tab, without accents.
  await table.locator('tbody tr').first().getByRole('checkbox').check()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: /Exportar/ }).click()
  expect((await downloading).suggestedFilename()).toBe('diag-gestacion-insights.xlsx')
})
