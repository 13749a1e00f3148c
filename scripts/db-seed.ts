/**
 * npm run db:seed [-- --animals N] — migrates the configured database and writes the demo data if
 * it is empty (no establishments, no users). With --animals N it also adds a benchmark
 * establishment of N animals ('Estancia Grande (benchmark)'), every time it is run.
 */
import { parseArgs } from 'node:util'
import { DataDirectoryInUseError } from '~/db/data-dir-lock.server'
import { configuredTarget, type DatabaseHandle, migrateToLatest, openDatabase } from '~/db/database.server'
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty, seedLargeEstablishment } from '~/db/seed/demo.server'

const USAGE = 'Uso: npm run db:seed [-- --animals N]'

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`)
  process.exit(1)
}

let animals: number | undefined
try {
  const { values } = parseArgs({
    options: { animals: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (values.animals !== undefined) {
    animals = Number(values.animals)
    if (!Number.isInteger(animals) || animals < 100 || animals > 2_000_000) {
      fail(`--animals debe ser un número entero entre 100 y 2000000 (recibido: ${values.animals}).\n${USAGE}`)
    }
  }
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`)
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
let handle: DatabaseHandle | undefined
try {
  const target = configuredTarget()
  console.log(
    `• Base de datos: ${target.engine === 'pglite' ? `PGlite en ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  )
  handle = await openDatabase(target)
  const applied = await migrateToLatest(handle.db)
  if (applied.length > 0) console.log(`• Migraciones aplicadas: ${applied.join(', ')}`)

  const started = performance.now()
  if (await seedDemoIfEmpty(handle.db)) {
    console.log(`• Datos de demostración escritos (${seconds(performance.now() - started)}).`)
    console.log(`  Usuarios (contraseña ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.email).join(', ')}`)
  } else {
    console.log('• La base ya tenía datos (establecimientos o usuarios): no se escribió la demostración.')
  }

  if (animals !== undefined) {
    console.log(`• Generando un establecimiento de ${animals.toLocaleString('es-AR')} animales…`)
    const large = await seedLargeEstablishment(handle.db, { animals })
    console.log(
      `• ${large.name} (id ${large.establishmentId}): ${large.animals.toLocaleString('es-AR')} animales y ` +
        `${large.events.toLocaleString('es-AR')} eventos en ${seconds(large.milliseconds)}.`,
    )
  }
} catch (error) {
  process.exitCode = 1
  if (error instanceof DataDirectoryInUseError) console.error(`\n✖ ${error.message}\n`)
  else {
    console.error(error)
    console.error(`\n✖ No se pudieron escribir los datos: ${(error as Error).message}\n`)
  }
} finally {
  await handle?.close()
}
