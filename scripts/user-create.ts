/**
 * npm run user:create -- --email a@b.com --name Ana --surname Pérez --password Secreta123
 *
 * Creates a superadmin in the configured database (migrating it first). Missing values are asked
 * for when run in a terminal; the password is read without echo and asked twice. The password
 * follows the spec's rules (section 5): at least 8 characters, an uppercase letter, a lowercase
 * letter and a digit.
 */
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { DataDirectoryInUseError } from '~/db/data-dir-lock.server'
import { configuredTarget, type DatabaseHandle, migrateToLatest, openDatabase } from '~/db/database.server'
import { createSuperAdmin, InvalidUserInput, superAdminSchema } from '~/db/seed/superadmin.server'

const USAGE =
  'Uso: npm run user:create -- --email correo@dominio --name Nombre --surname Apellido --password Contraseña'

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

let flags: { email?: string; name?: string; surname?: string; password?: string; help?: boolean }
try {
  flags = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      surname: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`)
}
if (flags.help) {
  console.log(USAGE)
  process.exit(0)
}

const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true

async function ask(question: string) {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return (await rl.question(question)).trim()
  } finally {
    rl.close()
  }
}

/** Reads a line from the terminal without showing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stdout.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    let value = ''
    const done = (error?: Error) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stdout.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done()
        if (char === '\u0003') return done(new Error('Cancelado.'))
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1)
        else if (char >= ' ') value += char
      }
    }
    stdin.on('data', onData)
  })
}

/** The first problem of one field, by the same rules createSuperAdmin applies. */
function problemWith(key: 'email' | 'name' | 'surname' | 'password', value: string) {
  const result = superAdminSchema.shape[key].safeParse(key === 'email' ? value.trim() : value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** Asks again until the field is valid; outside a terminal a missing or invalid value is an error. */
async function field(key: 'email' | 'name' | 'surname', label: string): Promise<string> {
  let value = flags[key]
  for (;;) {
    if (value === undefined) {
      if (!interactive && key === 'surname') return ''
      if (!interactive) fail(`Falta --${key}.\n${USAGE}`)
      value = await ask(`${label}: `)
    }
    const problem = problemWith(key, value)
    if (!problem) return value.trim()
    if (!interactive || flags[key] !== undefined) fail(problem)
    console.error(`  ${problem}`)
    value = undefined
  }
}

async function password(): Promise<string> {
  if (flags.password !== undefined) {
    const problem = problemWith('password', flags.password)
    if (problem) fail(problem)
    return flags.password
  }
  if (!interactive) fail(`Falta --password.\n${USAGE}`)
  for (;;) {
    const value = await askHidden('Contraseña: ')
    const problem = problemWith('password', value)
    if (problem) console.error(`  ${problem}`)
    else if ((await askHidden('Repita la contraseña: ')) === value) return value
    else console.error('  Las contraseñas no coinciden')
  }
}

// Everything is asked before the database is opened: an embedded one stays locked while open.
const input = {
  email: await field('email', 'Correo electrónico'),
  name: await field('name', 'Nombre'),
  surname: await field('surname', 'Apellido'),
  password: await password(),
}

let handle: DatabaseHandle | undefined
try {
  handle = await openDatabase(configuredTarget())
  await migrateToLatest(handle.db)
  const user = await createSuperAdmin(handle.db, input)
  console.log(
    `• Superadministrador creado: ${[user.name, user.surname].filter(Boolean).join(' ')} <${user.email}> (id ${user.id}).`,
  )
} catch (error) {
  process.exitCode = 1
  if (error instanceof InvalidUserInput || error instanceof DataDirectoryInUseError) {
    console.error(`\n✖ ${error.message}\n`)
  } else {
    console.error(error)
    console.error(`\n✖ No se pudo crear el usuario: ${(error as Error).message}\n`)
  }
} finally {
  await handle?.close()
}
