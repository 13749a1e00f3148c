import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { withReportSettings } from '~/db/report-settings.server'
import { readDate, tagText } from '~/features/bulk-upload/bulk-upload.rules'
import type { RowProblem } from '~/features/bulk-upload/bulk-upload.schema'
import { type PlainColumn, readPlainSheet, refuseRows } from '~/features/bulk-upload/plain-sheet.server'
import { readBounded } from '~/features/feedlot/feedlot.server'
import { notFound } from '~/lib/domain-errors'
import {
  type AnimalRfi,
  MAX_INTAKE_ROWS,
  RFI_MESSAGES,
  type RfiResultAnswer,
  type RfiTest,
  type RfiTestInput,
} from './rfi.schema'
import { computeRfi, testCalendar, testWarnings } from './rfi-method'

type IntakeKey = 'tag' | 'date' | 'kg' | 'dm'
/** The columns of an electronic feeder's daily export, under the names feeders and people use. */
export const INTAKE_COLUMNS: readonly PlainColumn<IntakeKey>[] = [
  {
    key: 'tag',
    header: 'Caravana',
    aliases: ['IDV', 'IDE', 'RFID', 'EID', 'Caravana electrónica', 'Caravana visual', 'Animal', 'Tag'],
    required: true,
  },
  { key: 'date', header: 'Fecha', aliases: ['Día', 'Date'], required: true },
  {
    key: 'kg',
    header: 'Kg tal cual',
    aliases: ['Consumo', 'Consumo kg', 'Kg', 'Kg as fed', 'Consumo tal cual', 'Intake'],
    required: true,
  },
  {
    key: 'dm',
    header: '% MS',
    aliases: ['MS', 'Materia seca', '% materia seca', 'MS %', 'DM %'],
    required: true,
  },
]

/**
 * Imports an intake file (Caravana, Fecha, Kg tal cual, % MS). A tag is an animal's electronic tag
 * or its visual tag (live animals of the establishment). Every row is checked before anything is
 * written; a file naming an animal twice on one day is refused; a day already recorded for an
 * animal is replaced (a feeder's export is re-sent when corrected). One statement writes all rows.
 */
export async function importIntake(db: DB, input: { establishmentId: number; userId: number; file: Blob }) {
  const { rows, headers } = await readPlainSheet(input.file, INTAKE_COLUMNS, MAX_INTAKE_ROWS)
  const tagOf = (row: (typeof rows)[number]) => (row.cells.tag ? tagText(row.cells.tag).trim() : '')
  const tags = [...new Set(rows.map(tagOf).filter(Boolean))]
  const { rows: found } = await sql<{ id: string; visual_tag: string; electronic_tag: string | null }>`
    select id, visual_tag, electronic_tag from animals
    where establishment_id = ${input.establishmentId} and deleted_at is null
      and (electronic_tag = any(${tags}::text[]) or lower(visual_tag) = any(${tags.map((t) => t.toLowerCase())}::text[]))`.execute(
    db,
  )
  const byTag = new Map<string, string>()
  for (const a of found) byTag.set(a.visual_tag.toLowerCase(), a.id)
  // An electronic tag wins over a visual tag written the same.
  for (const a of found) if (a.electronic_tag) byTag.set(a.electronic_tag.toLowerCase(), a.id)
  const { rows: todayRows } = await sql<{ today: string }>`select current_date::text as today`.execute(db)
  const today = todayRows[0]?.today ?? new Date().toISOString().slice(0, 10)
  const problems: RowProblem[] = []
  const seen = new Map<string, number>()
  const animals: string[] = []
  const days: string[] = []
  const kgs: number[] = []
  const dms: number[] = []
  for (const row of rows) {
    const fail = (column: string, message: string) => problems.push({ row: row.row, column, message })
    const tag = tagOf(row)
    const animalId = tag ? byTag.get(tag.toLowerCase()) : undefined
    if (!tag) fail(headers.tag, 'Falta la caravana')
    else if (!animalId) fail(headers.tag, `No hay un animal con la caravana "${tag}" en el establecimiento`)
    const date = row.cells.date ? readDate(row.cells.date, false, today) : undefined
    if (!date) fail(headers.date, 'Falta la fecha')
    else if (!date.ok) fail(headers.date, date.message)
    const kg = readBounded(row.cells.kg, 0, 100, 'kg')
    if (!kg.ok) fail(headers.kg, kg.message)
    const dm = readBounded(row.cells.dm, 1, 100, '%')
    if (!dm.ok) fail(headers.dm, dm.message)
    if (animalId && date?.ok && kg.ok && dm.ok) {
      const day = date.value.slice(0, 10)
      const key = `${animalId}|${day}`
      const first = seen.get(key)
      if (first !== undefined) {
        fail(
          headers.tag,
          `El animal ya tiene consumo del ${day.split('-').reverse().join('/')} en la fila ${first}`,
        )
        continue
      }
      seen.set(key, row.row)
      animals.push(animalId)
      days.push(day)
      kgs.push(kg.value)
      dms.push(dm.value)
    }
  }
  if (problems.length > 0) refuseRows(problems)
  const span = [...new Set(days)].sort()
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into intake_records (animal_id, intake_on, establishment_id, kg_as_fed, dry_matter_pct)
      select a, d, ${input.establishmentId}, k, m
      from unnest(${animals}::uuid[], ${days}::date[], ${kgs}::numeric[], ${dms}::numeric[]) as t(a, d, k, m)
      on conflict (animal_id, intake_on) do update
        set kg_as_fed = excluded.kg_as_fed, dry_matter_pct = excluded.dry_matter_pct, created_at = now()`.execute(
      trx,
    )
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'intake_import',
      entity: 'intake_record',
      after: {
        rows: animals.length,
        from: span[0],
        to: span.at(-1),
      },
    })
  })
  return animals.length
}

type TestRow = Omit<RfiTest, 'warnings'>

function withWarnings(test: TestRow): RfiTest {
  return {
    ...test,
    warnings: testWarnings({
      startDate: test.start_date,
      endDate: test.end_date,
      adaptationDays: test.adaptation_days,
    }),
  }
}

const testColumns = sql`t.id, t.name, t.rodeo_id, r.description as rodeo, t.start_date::text as start_date,
  t.end_date::text as end_date, t.adaptation_days,
  (select count(*)::int from rfi_test_animals x where x.rfi_test_id = t.id) as animals`

export async function listTests(db: DB, establishmentId: number): Promise<RfiTest[]> {
  const { rows } = await sql<TestRow>`
    select ${testColumns} from rfi_tests t join rodeos r on r.id = t.rodeo_id
    where t.establishment_id = ${establishmentId}
    order by t.start_date desc, t.id desc`.execute(db)
  return rows.map(withWarnings)
}

async function findTest(db: DB, establishmentId: number, testId: number) {
  const { rows } = await sql<TestRow>`
    select ${testColumns} from rfi_tests t join rodeos r on r.id = t.rodeo_id
    where t.id = ${testId} and t.establishment_id = ${establishmentId}`.execute(db)
  const test = rows[0]
  if (!test) throw notFound(RFI_MESSAGES.testNotFound)
  return withWarnings(test)
}

/**
 * Defines a test: its group is the rodeo's animals now (live, and not departed before the test
 * started), stored with the test so later moves do not change a finished test.
 */
export async function createTest(
  db: DB,
  input: { establishmentId: number; userId: number; test: RfiTestInput },
): Promise<RfiTest> {
  const id = await db.transaction().execute(async (trx) => {
    const rodeo = await trx
      .selectFrom('rodeos')
      .select('id')
      .where('id', '=', input.test.rodeo_id)
      .where('establishment_id', '=', input.establishmentId)
      .executeTakeFirst()
    if (!rodeo) throw notFound(RFI_MESSAGES.rodeoNotFound)
    const created = await trx
      .insertInto('rfi_tests')
      .values({
        establishment_id: input.establishmentId,
        name: input.test.name,
        rodeo_id: input.test.rodeo_id,
        start_date: input.test.start_date,
        end_date: input.test.end_date,
        adaptation_days: input.test.adaptation_days,
        created_by: input.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { numAffectedRows } = await sql`
      insert into rfi_test_animals (rfi_test_id, animal_id)
      select ${created.id}, a.id from animals a
      where a.establishment_id = ${input.establishmentId} and a.rodeo_id = ${input.test.rodeo_id}
        and a.deleted_at is null and (a.check_out_date is null or a.check_out_date >= ${input.test.start_date}::date)`.execute(
      trx,
    )
    if (!numAffectedRows) throw notFound(RFI_MESSAGES.emptyGroup)
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'rfi_test_create',
      entity: 'rfi_test',
      entityId: created.id,
      after: { ...input.test, animals: Number(numAffectedRows) },
    })
    return created.id
  })
  return findTest(db, input.establishmentId, id)
}

export async function deleteTest(db: DB, input: { establishmentId: number; userId: number; testId: number }) {
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('rfi_tests')
      .where('id', '=', input.testId)
      .where('establishment_id', '=', input.establishmentId)
      .returning(['name', 'rodeo_id', 'start_date', 'end_date', 'adaptation_days'])
      .executeTakeFirst()
    if (!removed) throw notFound(RFI_MESSAGES.testNotFound)
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'rfi_test_delete',
      entity: 'rfi_test',
      entityId: input.testId,
      before: removed,
    })
  })
}

interface GroupRow {
  id: string
  visual_tag: string
  electronic_tag: string | null
  weighings: { day: number; weight: number }[] | null
  dmi: number | null
  intake_days: number
}

/** A test's figures: each animal's DMI, ADG, MMW, FCR and RFI (decision 039). */
export async function testResult(db: DB, establishmentId: number, testId: number): Promise<RfiResultAnswer> {
  const test = await findTest(db, establishmentId, testId)
  const period = { startDate: test.start_date, endDate: test.end_date, adaptationDays: test.adaptation_days }
  const calendar = testCalendar(period)
  // JIT off: compiling this statement cost more than running it (decision 038, addendum).
  const { rows } = await withReportSettings(db, (trx) =>
    sql<GroupRow>`
    select a.id, a.visual_tag, a.electronic_tag,
      (select json_agg(json_build_object('day', w.read_at::date - ${calendar.testStart}::date, 'weight', w.weight::float8)
          order by w.read_at, w.id)
        from weighings w
        where w.animal_id = a.id and w.read_at >= ${calendar.testStart}::date
          and w.read_at < ${calendar.testEnd}::date + 1) as weighings,
      i.dmi, i.intake_days
    from rfi_test_animals x
    join animals a on a.id = x.animal_id
    cross join lateral (
      select avg(r.kg_as_fed * r.dry_matter_pct / 100)::float8 as dmi, count(*)::int as intake_days
      from intake_records r
      where r.animal_id = a.id and r.intake_on between ${calendar.testStart}::date and ${calendar.testEnd}::date
    ) i
    where x.rfi_test_id = ${testId} and a.establishment_id = ${establishmentId}
    order by a.visual_tag`.execute(trx),
  )
  const result = computeRfi(
    rows.map((r) => ({ id: r.id, weighings: r.weighings ?? [], dmi: r.dmi, intakeDays: r.intake_days })),
    calendar.midDay,
  )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return {
    test,
    test_start: calendar.testStart,
    test_days: calendar.testDays,
    coefficients: result.coefficients,
    r_squared: result.rSquared,
    rfi_sd: result.rfiSd,
    complete: result.complete,
    warnings: [...test.warnings, ...result.warnings],
    animals: result.animals
      .map((a) => {
        const row = byId.get(a.id) as GroupRow
        return {
          id: a.id,
          visual_tag: row.visual_tag,
          electronic_tag: row.electronic_tag,
          weighings: a.weighings,
          intake_days: a.intakeDays,
          adg: a.adg,
          mid_weight: a.midWeight,
          mmw: a.mmw,
          dmi: a.dmi,
          fcr: a.fcr,
          predicted_dmi: a.predictedDmi,
          rfi: a.rfi,
          rfi_class: a.rfiClass,
          rank: a.rank,
          note: a.note,
        }
      })
      .sort(
        (p, q) =>
          (p.rank ?? Number.MAX_SAFE_INTEGER) - (q.rank ?? Number.MAX_SAFE_INTEGER) ||
          p.visual_tag.localeCompare(q.visual_tag),
      ),
  }
}

/** The animal's figures in the latest test (by end date) that included it; null when none did. */
export async function animalRfi(db: DB, animalId: string): Promise<AnimalRfi> {
  const { rows } = await sql<{ id: number; establishment_id: number }>`
    select t.id, t.establishment_id from rfi_test_animals x join rfi_tests t on t.id = x.rfi_test_id
    where x.animal_id = ${animalId} order by t.end_date desc, t.id desc limit 1`.execute(db)
  const found = rows[0]
  if (!found) return null
  const result = await testResult(db, found.establishment_id, found.id)
  const animal = result.animals.find((a) => a.id === animalId)
  if (!animal) return null
  return {
    test: { id: result.test.id, name: result.test.name, end_date: result.test.end_date },
    animal,
    group: result.animals.length,
  }
}
