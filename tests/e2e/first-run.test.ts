import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { waitForHydration } from './support'

/**
 * A real farm's first morning (issue 19): the production server on an EMPTY embedded database started
 * with SEED_DEMO=0 (README, 'Primer uso en un establecimiento real'), the first superadministrador
 * made with `npm run user:create`, and from then on only the UI. This journey runs its own server (its
 * own port and data folder), not the demo server the other journeys share.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100) + 1000
const BASE = `http://127.0.0.1:${PORT}`
const DATA_DIR = path.join(tmpdir(), `insights-e2e-first-run-${PORT}`)
const ROOT = path.resolve(import.meta.dirname, '../..')
const ENV = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  APP_URL: BASE,
  SEED_DEMO: '0',
  DATABASE_URL: '',
}
const SUPERADMIN = { email: 'dueno@alamos.test', password: 'Alamos2026' }
const ESTABLISHMENT = 'Estancia Los Álamos'

let server: ChildProcess | undefined
let log = ''

test.describe.configure({ mode: 'serial', timeout: 600_000 })

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'chromium', 'una vez: el primer uso no depende del tamaño de pantalla')
  // A file-level hook is not in the group the timeout above configures: creating the user and
  // starting a production server take minutes on a loaded machine.
  test.setTimeout(600_000)
  rmSync(DATA_DIR, { recursive: true, force: true })
  mkdirSync(DATA_DIR, { recursive: true })
  // The documented command, before the server holds the embedded database.
  const started = Date.now()
  execFileSync(
    'npm',
    [
      'run',
      'user:create',
      '--',
      '--email',
      SUPERADMIN.email,
      '--name',
      'Dueño',
      '--surname',
      'Álamos',
      '--password',
      SUPERADMIN.password,
    ],
    { cwd: ROOT, env: ENV, stdio: 'pipe', timeout: 180_000 },
  )
  log += `user:create: ${Date.now() - started} ms\n`
  server = spawn('npm', ['run', 'serve'], { cwd: ROOT, env: ENV, stdio: 'pipe', detached: true })
  server.stdout?.on('data', (chunk) => {
    log += chunk
  })
  server.stderr?.on('data', (chunk) => {
    log += chunk
  })
  const deadline = Date.now() + 240_000
  for (;;) {
    const status = await fetch(`${BASE}/management/login`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) break
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`el servidor no arrancó:\n${log}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  expect(log, 'sin datos de demostración').not.toContain('Datos de demostración')
})

test.afterAll(async () => {
  // The whole process group: npm and the server it started.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 2_000))
})

/** Signs in through the login form in a context of its own (each person their own browser). */
async function signedIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'es-AR' })
  const page = await context.newPage()
  await page.goto('/management/login')
  await waitForHydration(page)
  await page.getByLabel('Usuario').fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Ingresar' }).click()
  await expect(page).toHaveURL(/\/management\/establishment$/)
  await waitForHydration(page)
  return page
}

/** The newest invitation link e-mailed to `email` (no SMTP here: the .eml outbox in DATA_DIR/mail). */
async function invitationLink(email: string) {
  const dir = path.join(DATA_DIR, 'mail')
  let file: string | undefined
  await expect
    .poll(() => {
      try {
        file = readdirSync(dir)
          .filter((name) => name.includes(email))
          .sort()
          .at(-1)
      } catch {
        file = undefined
      }
      return Boolean(file)
    })
    .toBe(true)
  const raw = readFileSync(path.join(dir, file as string), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
  const match = /https?:\/\/[^\s"<>]+\/management\/invitation\?token=[A-Za-z0-9_%-]+/.exec(raw)
  if (!match) throw new Error(`el correo no trae el enlace de la invitación:\n${raw}`)
  return match[0]
}

/** The invited person opens the e-mailed link in their own browser, sets a password and signs in. */
async function acceptInvitation(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'es-AR' })
  const page = await context.newPage()
  await page.goto(await invitationLink(email))
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Aceptar invitación' })).toBeVisible()
  await page.getByLabel('Nueva contraseña').fill(password)
  await page.getByLabel('Confirmar contraseña').fill(password)
  await page.getByRole('button', { name: 'Establecer contraseña' }).click()
  await expect(page.getByText('Contraseña establecida. Ya puede iniciar sesión con su correo.')).toBeVisible()
  await context.close()
  return signedIn(browser, email, password)
}

/** Configuración → Usuarios of the establishment on screen: invites one person with a role. */
async function invite(
  page: Page,
  person: { email: string; name: string; surname: string; role: 'Administrador' | 'Usuario' },
) {
  const form = page.getByRole('form', { name: 'Invitar a una persona' })
  await form.getByLabel('Correo electrónico').fill(person.email)
  await form.getByLabel('Nombre', { exact: true }).fill(person.name)
  await form.getByLabel('Apellido').fill(person.surname)
  await form.getByLabel('Rol').selectOption({ label: person.role })
  await form.getByRole('button', { name: 'Invitar' }).click()
  await expect(page.getByText(`Invitación enviada a ${person.email}`)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Invitaciones pendientes' })).toContainText(person.email)
}

/**
 * The establishment's framework, set up by its administrador before the first session: today the
 * rodeo ('Crear rodeo'). The framework tables of issue 19 part B (bulls, inseminators, riders, origins,
 * owners) are added HERE once they are merged, so the rest of the morning can use them.
 */
async function setUpEstablishmentFramework(page: Page) {
  await page.getByRole('link', { name: 'Crear rodeo' }).click()
  await expect(page).toHaveURL(/rodeo-creation/)
  await waitForHydration(page)
  await page.getByLabel('Nombre del rodeo').fill('Rodeo Norte')
  await page.getByRole('button', { name: 'Crear rodeo' }).click()
  await expect(page.getByText('Rodeo creado con éxito')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Rodeos del establecimiento' })).toContainText('Rodeo Norte')
  // The rest of the establishment framework, each from its own section of the panel (decision 033).
  const items: { link: string; noun: string; fields: [string, string][]; shown: string }[] = [
    {
      link: 'Toros',
      noun: 'toro',
      fields: [
        ['Alias', 'Pampero'],
        ['Registro o RFID', 'HBA 4411'],
      ],
      shown: 'Pampero',
    },
    {
      link: 'Inseminadores',
      noun: 'inseminador',
      fields: [
        ['Nombre', 'Nora'],
        ['Apellido', 'Vidal'],
      ],
      shown: 'Vidal',
    },
    {
      link: 'Recorredores',
      noun: 'recorredor',
      fields: [
        ['Clave', 'R1'],
        ['Descripción', 'Potreros del norte'],
      ],
      shown: 'R1',
    },
    {
      link: 'Orígenes',
      noun: 'origen',
      fields: [['Origen', 'Remate Feria Rosario']],
      shown: 'Remate Feria Rosario',
    },
    {
      link: 'Propietarios',
      noun: 'propietario',
      fields: [['Nombre del propietario', 'Los Álamos S.A.']],
      shown: 'Los Álamos S.A.',
    },
  ]
  const panel = page.getByRole('navigation', { name: 'Configuraciones' })
  for (const item of items) {
    await panel.getByRole('link', { name: item.link, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: item.link })).toBeVisible()
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: `Agregar ${item.noun}` })
    // The section hydrates after the page (lazy): a press that lands before it is pressed again.
    await expect(async () => {
      if (!(await dialog.isVisible()))
        await page.getByRole('button', { name: `Agregar ${item.noun}` }).click()
      await expect(dialog).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
    for (const [label, value] of item.fields) await dialog.getByLabel(label, { exact: true }).fill(value)
    await dialog.getByRole('button', { name: 'Agregar' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('cell', { name: item.shown, exact: true })).toBeVisible()
  }
  await page.getByRole('link', { name: 'Crear rodeo' }).click()
  await expect(page).toHaveURL(/rodeo-creation/)
}

test('Una estancia empieza de cero: el superadministrador la crea e invita a su administrador, que invita a su equipo, y un usuario registra la primera pesada', async ({
  browser,
}) => {
  // The superadministrador signs in: no establishment yet. Configuración → Establecimientos.
  const owner = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password)
  await owner.getByRole('link', { name: 'Configuración' }).first().click()
  await owner.getByRole('link', { name: 'Establecimientos' }).click()
  await expect(owner).toHaveURL(/configuration\?seccion=establecimientos/)
  await waitForHydration(owner)
  await expect(owner.getByRole('link', { name: 'Establecimientos' })).toHaveAttribute('aria-current', 'page')
  await owner.getByLabel('Nombre del establecimiento').fill(ESTABLISHMENT)
  await owner.getByRole('button', { name: 'Crear establecimiento' }).click()
  await expect(owner.getByText('Establecimiento creado con éxito')).toBeVisible()
  // Names are unique whatever their accents and case.
  await owner.getByLabel('Nombre del establecimiento').fill('estancia los alamos')
  await owner.getByRole('button', { name: 'Crear establecimiento' }).click()
  await expect(owner.getByText(`Ya existe un establecimiento llamado «${ESTABLISHMENT}»`)).toBeVisible()

  // Its people: invite the administrador.
  await owner.getByRole('link', { name: `Personas de ${ESTABLISHMENT}` }).click()
  await expect(owner).toHaveURL(/seccion=usuarios/)
  await waitForHydration(owner)
  await invite(owner, { email: 'ana@alamos.test', name: 'Ana', surname: 'Gómez', role: 'Administrador' })
  // Back goes to the previous section: the address is the state.
  await owner.goBack()
  await expect(owner).toHaveURL(/seccion=establecimientos/)
  await expect(owner.getByRole('table', { name: 'Establecimientos' })).toContainText(ESTABLISHMENT)

  // The administrador sets her password from the e-mailed link, opens the establishment and sets it up.
  const admin = await acceptInvitation(browser, 'ana@alamos.test', 'AnaGomez2026')
  await admin.getByRole('button', { name: new RegExp(ESTABLISHMENT) }).click()
  await expect(admin).not.toHaveURL(/\/management\/establishment$/)
  await admin.goto('/management/establishment/configuration')
  await waitForHydration(admin)
  await expect(admin.getByRole('complementary', { name: 'Panel de Configuraciones' })).toContainText(
    'Administrador',
  )
  await expect(admin.getByRole('link', { name: 'Establecimientos' })).toHaveCount(0)
  await setUpEstablishmentFramework(admin)
  // Exactly one button of the panel is marked on 'Crear rodeo'.
  await expect(admin.locator('nav[aria-label="Configuraciones"] [aria-current="page"]')).toHaveText(
    'Crear rodeo',
  )
  await admin.getByRole('link', { name: 'Usuarios' }).click()
  await waitForHydration(admin)
  await invite(admin, { email: 'juan@alamos.test', name: 'Juan', surname: 'Pérez', role: 'Usuario' })
  await invite(admin, { email: 'maria@alamos.test', name: 'María', surname: 'López', role: 'Usuario' })

  // A usuario accepts, opens Manga, creates a session and records a weighing of an animal he creates.
  const user = await acceptInvitation(browser, 'juan@alamos.test', 'JuanPerez2026')
  await user.getByRole('button', { name: new RegExp(ESTABLISHMENT) }).click()
  await user.getByRole('link', { name: 'Manga', exact: true }).click()
  await expect(user).toHaveURL(/\/cattlehandling/)
  await waitForHydration(user)
  await user.getByRole('button', { name: 'Nueva Pesada' }).click()
  const dialog = user.getByRole('dialog', { name: 'Nueva Pesada' })
  await dialog.getByRole('button', { name: 'Crear Sesión' }).click()
  const newSession = user.getByRole('dialog', { name: 'Crear Sesión' })
  await newSession.getByLabel('Nombre').fill('Primera pesada')
  await newSession.getByLabel('Descripción').fill('La primera mañana en la manga')
  await newSession.getByRole('button', { name: 'Crear Sesión' }).click()
  await expect(user.getByText('Sesión creada exitosamente')).toBeVisible()
  await expect(newSession).toBeHidden()
  const tag = dialog.getByLabel('Caravana (IDV o RFID)')
  await tag.fill('AL-0001')
  await tag.press('Enter')
  await dialog.getByRole('button', { name: 'Crear animal AL-0001' }).click()
  const create = user.getByRole('dialog', { name: 'Nuevo animal' })
  await create.getByLabel('Categoría').selectOption({ label: 'Vaca' })
  await create.getByLabel('Raza').selectOption({ label: 'Angus' })
  await create.getByLabel('Color').selectOption({ label: 'negro' })
  await create.getByLabel('Tipo de ingreso').selectOption({ label: 'Compra' })
  await create.getByLabel('Rodeo').selectOption({ label: 'Rodeo Norte' })
  await create.getByRole('button', { name: 'Crear animal' }).click()
  await expect(user.getByText('Animal creado exitosamente')).toBeVisible()
  await expect(dialog.getByLabel('Peso (kg)')).toBeFocused()
  await dialog.getByLabel('Peso (kg)').fill('412')
  await dialog.getByLabel('Peso (kg)').press('Enter')
  await expect(dialog.getByLabel('1 animales registrados')).toBeVisible()

  // The usuario reads the establishment's people but cannot invite.
  await user.goto('/management/establishment/configuration?seccion=usuarios')
  await waitForHydration(user)
  await expect(user.getByRole('table', { name: 'Personas del establecimiento' })).toContainText(
    'ana@alamos.test',
  )
  await expect(user.getByRole('form', { name: 'Invitar a una persona' })).toHaveCount(0)
})
