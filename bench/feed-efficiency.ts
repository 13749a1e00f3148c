/**
 * npx tsx bench/feed-efficiency.ts [--animals 100000] [--iterations 20] (PostgreSQL: BENCH_DATABASE_URL
 * or DATABASE_URL; else PGlite). Issue 22's targets: the feedlot and RFI boards' routes with 100,000
 * animals and 1,000,000 intake rows, p95 ≤ 500 ms on PostgreSQL; an intake file of 100,000 rows
 * imported in ≤ 10 s on PostgreSQL.
 *
 * Data, generated in SQL: one establishment of N animals, 90 % in 20 feedlot pens and 10 % in an RFI
 * group, three weighings each; 100 days of intake for the RFI group (1,000,000 rows at N = 100,000);
 * a test over 1,000 of the group's animals (a feeder test's size; the table holds all 1M rows). Each
 * route goes through the API (token, guard, validation, domain, JSON); the p95 of K rounds is printed
 * with the machine's load.
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import { CompiledQuery, type QueryExecutor, sql } from 'kysely'
import { utils, write } from 'xlsx'
import { createApiApp } from '~/api/app'
import { type DB, migrateToLatest } from '~/db/database.server'
import { feedlotBoard } from '~/features/feedlot/feedlot.server'
import { insertEstablishments, insertMemberships, insertToken, insertUsers } from '../tests/factories'
import { openBenchDatabase, runCleanups } from './databases'

const { values } = parseArgs({
  options: {
    animals: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '20' },
    // Prints the feedlot board's plan (EXPLAIN ANALYZE, BUFFERS) before timing the routes.
    explain: { type: 'boolean', default: false },
  },
})
const N = Number(values.animals)
const K = Number(values.iterations)
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
const engine = url ? 'postgres' : 'pglite'
const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

const handle = await openBenchDatabase(engine, url)
try {
  const { db } = handle
  await migrateToLatest(db)
  const started = performance.now()
  const [est] = await insertEstablishments(db, [{ name: 'Feedlot bench' }])
  const eid = (est as { id: number }).id
  const users = await insertUsers(db, [{ email: 'bench@test.local', name: 'B', surname: 'B' }], 'x')
  const userId = users.get('bench@test.local') as number
  await insertMemberships(db, [{ userId, establishmentId: eid, isAdmin: true }])
  const token = await insertToken(db, userId)
  await sql`insert into rodeos (establishment_id, description)
    select ${eid}::int, 'Corral ' || g from generate_series(1, 20) g union all select ${eid}::int, 'Prueba RFI'`.execute(
    db,
  )
  await sql`insert into feedlot_pens (rodeo_id, establishment_id, target_weight)
    select id, establishment_id, 420 from rodeos where establishment_id = ${eid} and description like 'Corral %'`.execute(
    db,
  )
  const group = N / 10
  await sql`insert into animals (establishment_id, visual_tag, electronic_tag, rodeo_id, check_in_date)
    select ${eid}::int, 'B' || g, '0329999' || lpad(g::text, 8, '0'),
      (select id from rodeos where establishment_id = ${eid}
        and description = case when g <= ${group}::int then 'Prueba RFI' else 'Corral ' || (1 + g % 20) end),
      localtimestamp(0) - interval '100 days'
    from generate_series(1, ${N}::int) g`.execute(db)
  await sql`insert into cattle_handlings (establishment_id, name, activity_date, cattle_handling_work)
    select ${eid}::int, 'Pesada ' || d, (current_date - d)::timestamp, 7 from unnest(array[100, 60, 10]) d`.execute(
    db,
  )
  await sql`insert into weighings (establishment_id, animal_id, cattle_handling_id, weight, read_at)
    select ${eid}::int, a.id, s.id, 250 + (100 - (current_date - s.activity_date::date)) * (0.8 + (hashtext(a.id::text) % 40) / 100.0),
      s.activity_date
    from animals a cross join cattle_handlings s where a.establishment_id = ${eid} and s.establishment_id = ${eid}`.execute(
    db,
  )
  await sql`insert into feed_deliveries (establishment_id, rodeo_id, delivered_on, kg_as_fed, dry_matter_pct)
    select ${eid}::int, p.rodeo_id, current_date - d, 40000, 70 from feedlot_pens p cross join generate_series(1, 100) d
    where p.establishment_id = ${eid}`.execute(db)
  await sql`insert into intake_records (animal_id, intake_on, establishment_id, kg_as_fed, dry_matter_pct)
    select a.id, current_date - 100 + d, ${eid}::int, 9 + (hashtext(a.id::text || d) % 100) / 50.0, 88
    from animals a cross join generate_series(0, 99) d
    where a.establishment_id = ${eid} and a.visual_tag ~ '^B[0-9]+$' and substr(a.visual_tag, 2)::int <= ${group}::int`.execute(
    db,
  )
  const test = await db
    .insertInto('rfi_tests')
    .values({
      establishment_id: eid,
      name: 'Bench',
      rodeo_id: sql<number>`(select id from rodeos where establishment_id = ${eid} and description = 'Prueba RFI')`,
      start_date: sql<string>`current_date - 100`,
      end_date: sql<string>`current_date - 1`,
      adaptation_days: 21,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`insert into rfi_test_animals (rfi_test_id, animal_id)
    select ${test.id}::int, id from animals where establishment_id = ${eid} and visual_tag ~ '^B[0-9]+$'
      and substr(visual_tag, 2)::int <= least(${group}::int, 1000)`.execute(db)
  await sql`analyze`.execute(db)
  const { rows: counts } = await sql<{ animals: number; intake: number; weighings: number }>`
    select (select count(*)::int from animals) as animals, (select count(*)::int from intake_records) as intake,
      (select count(*)::int from weighings) as weighings`.execute(db)
  console.log(
    `${engine}: seeded ${JSON.stringify(counts[0])} in ${Math.round(performance.now() - started)} ms (load ${load()})`,
  )

  const api = createApiApp({ database: async () => handle })
  const pen = await db
    .selectFrom('feedlot_pens')
    .select('rodeo_id')
    .where('establishment_id', '=', eid)
    .executeTakeFirstOrThrow()
  if (values.explain) {
    // The board's own statements, run in a real transaction through an executor that prefixes the
    // board's query with EXPLAIN ANALYZE (its `set local` passes through unchanged).
    const explaining = (executor: QueryExecutor) =>
      new Proxy(executor, {
        get(target, prop, receiver) {
          if (prop === 'executeQuery')
            return async (query: CompiledQuery) => {
              if (!/^\s*with\b/i.test(query.sql)) return target.executeQuery(query)
              const plan = await target.executeQuery<{ 'QUERY PLAN': string }>(
                CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
              )
              console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
              return { rows: [] }
            }
          const value = Reflect.get(target, prop, receiver)
          return typeof value === 'function' ? value.bind(target) : value
        },
      }) as QueryExecutor
    const wrap = (real: DB): DB =>
      ({
        getExecutor: () => explaining(real.getExecutor()),
        transaction: () => ({
          execute: <T>(work: (trx: DB) => Promise<T>) => real.transaction().execute((trx) => work(wrap(trx))),
        }),
      }) as unknown as DB
    await feedlotBoard(wrap(db), eid, new Date().toISOString().slice(0, 10))
  }
  const get = (path: string) =>
    api.request(`/app-insights/api${path}`, { headers: { authorization: `Bearer ${token}` } })
  const cases = {
    'feedlot board (20 pens, 90,000 animals)': `/v2/establishments/${eid}/feedlot/pens`,
    'feedlot pen (4,500 animals)': `/v2/establishments/${eid}/feedlot/pens/${pen.rodeo_id}`,
    'RFI test (1,000 animals, 1M intake rows in the table)': `/v2/establishments/${eid}/rfi/tests/${test.id}`,
    'RFI tests list': `/v2/establishments/${eid}/rfi/tests`,
  }
  for (const [name, path] of Object.entries(cases)) {
    const times: number[] = []
    for (let i = 0; i < K + 2; i++) {
      const t0 = performance.now()
      const response = await get(path)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${name}: ${response.status}`)
      if (i >= 2) times.push(performance.now() - t0)
    }
    console.log(
      `${name}: median ${median(times).toFixed(0)} ms, p95 ${p95(times).toFixed(0)} ms (target 500; load ${load()})`,
    )
  }

  // An intake file of 100,000 rows: 1,000 animals × 100 new days, as a feeder exports it.
  const rows: (string | number)[][] = []
  for (let a = 1; a <= 1000; a++)
    for (let d = 0; d < 100; d++) {
      const day = new Date(Date.now() - (200 - d) * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .split('-')
        .reverse()
        .join('/')
      rows.push([`0329999${String(a).padStart(8, '0')}`, day, 9.5, 88])
    }
  const sheet = utils.aoa_to_sheet([['RFID', 'Fecha', 'Kg tal cual', '% MS'], ...rows])
  const book = utils.book_new()
  utils.book_append_sheet(book, sheet, 'Consumos')
  const bytes = write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
  const form = new FormData()
  form.set('file', new File([new Uint8Array(bytes)], 'consumo.xlsx'))
  const t0 = performance.now()
  const response = await api.request(`/app-insights/api/v2/establishments/${eid}/rfi/intake`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  const answer = await response.text()
  console.log(
    `intake import of ${rows.length} rows (${(bytes.length / 1024 / 1024).toFixed(1)} MB): ${response.status} in ${Math.round(performance.now() - t0)} ms (target 10,000; load ${load()}) ${answer.slice(0, 120)}`,
  )
} finally {
  await handle.close()
  await runCleanups()
}
