/**
 * npm run bench -- --offline [--animals N] [--iterations K] [--engine pglite|postgres]
 *
 * Issue 23, part 5 (decision 040): the offline chute's lookup snapshot of one establishment of N
 * animals (default 100,000), through the API in process on PGlite: how long the download takes
 * (the request, the database writing the JSON, the body read), how big it is (raw, gzip as the
 * server compresses it, and parsed in memory), and what the device's scan costs once it is indexed
 * (a Map lookup by tag, as app/features/offline/chute-offline.ts does). Targets: ≤ 5 s to download,
 * ≤ 20 MB on the device, ≤ 50 ms from scan to card (the lookup here; the render is measured by the
 * offline journey, tests/e2e/offline-chute.test.ts).
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { createApiApp } from '~/api/app'
import { migrateToLatest } from '~/db/database.server'
import { DEMO_PASSWORD, seedDemo, seedLargeEstablishment } from '~/db/seed/demo.server'
import type { OfflineSnapshot, SnapshotAnimal } from '~/features/offline/offline.schema'
import { openBenchDatabase, runCleanups } from './databases'

const API = '/app-insights/api'
const TARGET = { downloadMs: 5_000, deviceBytes: 20 * 1024 * 1024, scanMs: 50 } as const

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

export async function runOfflineBench(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      offline: { type: 'boolean' },
      animals: { type: 'string', default: '100000' },
      iterations: { type: 'string', default: '5' },
      engine: { type: 'string', default: 'pglite' },
    },
    strict: false,
  })
  const animals = Number(values.animals)
  const iterations = Number(values.iterations)
  // PostgreSQL (a throwaway database on BENCH_DATABASE_URL or DATABASE_URL) seeds 100,000 animals
  // in minutes where PGlite on a loaded machine takes longer than a session allows.
  const engine = values.engine === 'postgres' ? 'postgres' : 'pglite'
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined
  console.log(
    `▶ offline snapshot, ${animals.toLocaleString('es-AR')} animals, ${engine}; load ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
  )
  const handle = await openBenchDatabase(engine, serverUrl)
  try {
    await migrateToLatest(handle.db)
    await seedDemo(handle.db)
    const large = await seedLargeEstablishment(handle.db, { animals })
    const api = createApiApp({ database: async () => handle })
    const login = await api.request(`${API}/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.test', password: DEMO_PASSWORD }),
    })
    const { token } = (await login.json()) as { token: string }
    const download = async () => {
      const started = performance.now()
      const response = await api.request(
        `${API}/v2/establishment/${large.establishmentId}/offline-snapshot`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      )
      if (response.status !== 200) throw new Error(`snapshot: ${response.status} ${await response.text()}`)
      const text = await response.text()
      return { ms: performance.now() - started, text }
    }
    await download() // warm-up
    const times: number[] = []
    let text = ''
    for (let i = 0; i < iterations; i++) {
      const round = await download()
      times.push(round.ms)
      text = round.text
    }
    const parseStarted = performance.now()
    const snapshot = JSON.parse(text) as OfflineSnapshot
    const parseMs = performance.now() - parseStarted
    const gzipBytes = gzipSync(text).length
    const indexStarted = performance.now()
    const byTag = new Map<string, SnapshotAnimal>()
    for (const animal of snapshot.animals) byTag.set(animal[1].toLowerCase(), animal)
    const indexMs = performance.now() - indexStarted
    const tags = snapshot.animals.filter((_, i) => i % 97 === 0).map((animal) => animal[1])
    const lookupStarted = performance.now()
    for (const tag of tags) byTag.get(tag.toLowerCase())
    const lookupMs = (performance.now() - lookupStarted) / tags.length
    const rawBytes = Buffer.byteLength(text)
    const row = (label: string, value: string, ok?: boolean) =>
      console.log(`  ${label.padEnd(36)} ${value}${ok === undefined ? '' : ok ? '  ✔' : '  ✖'}`)
    row('animals in the snapshot', snapshot.animals.length.toLocaleString('es-AR'))
    row(
      `download, median of ${iterations} (≤ 5 s)`,
      `${median(times).toFixed(0)} ms`,
      median(times) <= TARGET.downloadMs,
    )
    row('  rounds', times.map((t) => t.toFixed(0)).join(', '))
    row(
      'JSON size (≤ 20 MB on the device)',
      `${(rawBytes / 2 ** 20).toFixed(1)} MB`,
      rawBytes <= TARGET.deviceBytes,
    )
    row('gzip on the wire', `${(gzipBytes / 2 ** 20).toFixed(1)} MB`)
    row('JSON.parse', `${parseMs.toFixed(0)} ms`)
    row('index by tag (Map)', `${indexMs.toFixed(0)} ms`)
    row(
      'scan lookup, mean (≤ 50 ms with card)',
      `${(lookupMs * 1000).toFixed(1)} µs`,
      lookupMs <= TARGET.scanMs,
    )
  } finally {
    await handle.close?.()
    await runCleanups()
  }
}
