/**
 * npm run db:migrate — applies the pending migrations to the configured database (DATABASE_URL,
 * or PGlite in DATA_DIR) and writes the lookup values (categories, breeds, …) that are missing, so a
 * production database is usable without demo data.
 */
import { DataDirectoryInUseError } from '~/db/data-dir-lock.server'
import { configuredTarget, type DatabaseHandle, migrateToLatest, openDatabase } from '~/db/database.server'
import { ensureLookups } from '~/db/lookups.server'

function describeTarget(target: ReturnType<typeof configuredTarget>) {
  return target.engine === 'pglite' ? `PGlite en ${target.dataDir}` : 'PostgreSQL (DATABASE_URL)'
}

let handle: DatabaseHandle | undefined
try {
  const target = configuredTarget()
  console.log(`• Base de datos: ${describeTarget(target)}`)
  handle = await openDatabase(target)
  const applied = await migrateToLatest(handle.db)
  if (applied.length === 0) console.log('• No había migraciones pendientes.')
  for (const name of applied) console.log(`• Migración aplicada: ${name}`)
  const lookups = await ensureLookups(handle.db)
  const values = Object.values(lookups).reduce((sum, map) => sum + map.size, 0)
  console.log(`• Valores de referencia al día (${values} en ${Object.keys(lookups).length} tablas).`)
} catch (error) {
  process.exitCode = 1
  if (error instanceof DataDirectoryInUseError) console.error(`\n✖ ${error.message}\n`)
  else {
    console.error(error)
    console.error(`\n✖ No se pudieron aplicar las migraciones: ${(error as Error).message}\n`)
  }
} finally {
  await handle?.close()
}
