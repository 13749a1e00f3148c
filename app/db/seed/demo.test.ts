import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { verifyPassword } from '~/features/auth/password.server'
import { SEX_OF_ANIMAL_TYPE } from '~/features/lookups/lookup-values'
import type { DatabaseEngine, DatabaseHandle, DB } from '../database.server'
import { createTestDatabase, testEngines } from '../testing.server'
import {
  DEMO_PASSWORD,
  LARGE_ESTABLISHMENT_NAME,
  seedDemo,
  seedDemoIfEmpty,
  seedLargeEstablishment,
} from './demo.server'
import { DEMO_ESTABLISHMENTS } from './profiles'

/** The seeded rows that must be the same in every fresh database (not created_at defaults or salts). */
async function fingerprint(db: DB) {
  const digest = async (query: ReturnType<typeof sql<{ digest: string; rows: number }>>) =>
    (await query.execute(db)).rows[0]
  return {
    establishments: await digest(sql`
      select md5(string_agg(concat_ws('|', id, name), ',' order by id)) as digest, count(*)::int as rows
      from establishments`),
    animals: await digest(sql`
      select md5(string_agg(concat_ws('|', id, establishment_id, visual_tag, electronic_tag, rodeo_id, animal_type_id,
        breed_id, color_id, sex_id, date_of_birth, weight_at_birth, mother_id, father_id, check_in_date,
        check_out_type_id, check_out_date, current_status_id, last_weight, last_weight_read_at,
        last_pregnancy_check_id, last_preservice_id, last_artificial_insemination_id, last_body_condition_id),
        ',' order by id)) as digest, count(*)::int as rows
      from animals`),
    sessions: await digest(sql`
      select md5(string_agg(concat_ws('|', id, establishment_id, name, activity_date, cattle_handling_work), ',' order by id))
        as digest, count(*)::int as rows
      from cattle_handlings`),
    weighings: await digest(sql`
      select md5(string_agg(concat_ws('|', id, animal_id, cattle_handling_id, weighing_time_id, weight, read_at, chute_order),
        ',' order by id)) as digest, count(*)::int as rows
      from weighings`),
    inseminations: await digest(sql`
      select md5(string_agg(concat_ws('|', id, animal_id, cattle_handling_id, bull_id, inseminator_id, read_at), ',' order by id))
        as digest, count(*)::int as rows
      from artificial_inseminations`),
    pregnancyChecks: await digest(sql`
      select md5(string_agg(concat_ws('|', id, animal_id, cattle_handling_id, pregnancy_check_detail_id, is_ultrasound_scan,
        read_at), ',' order by id)) as digest, count(*)::int as rows
      from pregnancy_checks`),
    preservices: await digest(sql`
      select md5(string_agg(concat_ws('|', id, animal_id, cattle_handling_id, reproductive_grade_id, ovarian_status_id, read_at),
        ',' order by id)) as digest, count(*)::int as rows
      from preservices`),
    alerts: await digest(sql`
      select md5(string_agg(concat_ws('|', id, animal_id, description, active, created_at, read_at), ',' order by id))
        as digest, count(*)::int as rows
      from alerts`),
  }
}

const fingerprints: Partial<Record<DatabaseEngine, Awaited<ReturnType<typeof fingerprint>>>> = {}

describe.each(testEngines())('demo seed on %s', (engine) => {
  let handle: DatabaseHandle
  let db: DB
  let seeded: boolean

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    db = handle.db
    seeded = await seedDemoIfEmpty(db)
  }, 180_000)
  afterAll(() => handle?.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(handle.db)).toEqual([]))

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]?.n)

  it('seeds an empty database: three establishments of about 1,500 animals', async () => {
    expect(seeded).toBe(true)
    const establishments = await db
      .selectFrom('establishments as e')
      .leftJoin('animals as a', 'a.establishment_id', 'e.id')
      .select(['e.id', 'e.name', (eb) => eb.fn.count<number>('a.id').as('animals')])
      .groupBy(['e.id', 'e.name'])
      .orderBy('e.id')
      .execute()
    expect(establishments.map((e) => e.name)).toEqual(DEMO_ESTABLISHMENTS.map((p) => p.name))
    for (const e of establishments) {
      expect(Number(e.animals)).toBeGreaterThanOrEqual(1_400)
      expect(Number(e.animals)).toBeLessThanOrEqual(1_600)
    }
    for (const table of [
      'rodeos',
      'bulls',
      'inseminators',
      'riders',
      'origins',
      'owners',
      'boards',
    ] as const) {
      const rows = await db.selectFrom(table).select('establishment_id').execute()
      expect(new Set(rows.map((r) => r.establishment_id)).size, table).toBe(3)
    }
    const perEstablishment = await sql<{ rodeos: number; bulls: number; inseminators: number }>`
      select (select count(*) from rodeos r where r.establishment_id = e.id)::int as rodeos,
             (select count(*) from bulls b where b.establishment_id = e.id)::int as bulls,
             (select count(*) from inseminators i where i.establishment_id = e.id)::int as inseminators
      from establishments e`.execute(db)
    for (const row of perEstablishment.rows) {
      expect(row.rodeos).toBeGreaterThanOrEqual(4)
      expect(row.rodeos).toBeLessThanOrEqual(6)
      expect(row.bulls).toBeGreaterThanOrEqual(5)
      expect(row.bulls).toBeLessThanOrEqual(8)
      expect(row.inseminators).toBeGreaterThanOrEqual(2)
      expect(row.inseminators).toBeLessThanOrEqual(4)
    }
    const boards = await db.selectFrom('boards').select(['establishment_id', 'dashboard_type_id']).execute()
    for (const type of [1, 2]) {
      for (const e of establishments) {
        const n = boards.filter((b) => b.establishment_id === e.id && b.dashboard_type_id === type).length
        expect(n).toBeGreaterThanOrEqual(1)
        expect(n).toBeLessThanOrEqual(2)
      }
    }
  })

  it('creates the four demo users with their roles and the password Demo1234', async () => {
    const users = await db.selectFrom('users').selectAll().orderBy('id').execute()
    expect(users.map((u) => u.email)).toEqual([
      'superadmin@demo.test',
      'admin@demo.test',
      'usuario@demo.test',
      'cambio@demo.test',
    ])
    for (const u of users) {
      expect(u.name).not.toBe('')
      expect(u.surname).not.toBe('')
    }
    const byEmail = (email: string) => users.find((u) => u.email === email) as (typeof users)[number]
    expect(byEmail('superadmin@demo.test').is_super_admin).toBe(true)
    expect(users.filter((u) => u.is_super_admin)).toHaveLength(1)
    expect(byEmail('cambio@demo.test').must_change_password).toBe(true)
    expect(users.filter((u) => u.must_change_password)).toHaveLength(1)
    expect(await verifyPassword(DEMO_PASSWORD, byEmail('admin@demo.test').password_hash)).toBe(true)
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(1)

    const [first, second] = await db.selectFrom('establishments').select('id').orderBy('id').execute()
    const members = await db
      .selectFrom('establishment_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'm.establishment_id', 'm.is_admin'])
      .orderBy('u.email')
      .orderBy('m.establishment_id')
      .execute()
    expect(members).toEqual([
      { email: 'admin@demo.test', establishment_id: first?.id, is_admin: true },
      { email: 'admin@demo.test', establishment_id: second?.id, is_admin: false },
      { email: 'cambio@demo.test', establishment_id: first?.id, is_admin: false },
      { email: 'usuario@demo.test', establishment_id: first?.id, is_admin: false },
    ])
  })

  it('does not seed twice', async () => {
    const before = await count(sql`select count(*)::int as n from animals`)
    expect(await seedDemoIfEmpty(db)).toBe(false)
    expect(await count(sql`select count(*)::int as n from animals`)).toBe(before)
    expect(await count(sql`select count(*)::int as n from users`)).toBe(4)
    // seedDemo itself refuses to write over the demo users, and leaves nothing behind.
    await expect(seedDemo(db)).rejects.toThrow()
    expect(await count(sql`select count(*)::int as n from establishments`)).toBe(3)
  })

  it('gives every calf a female mother of its establishment born at least two years before', async () => {
    const mothers = await sql<{ sex: string; same: boolean; gap: number }>`
      select s.description as sex, m.establishment_id = c.establishment_id as same,
             extract(day from c.date_of_birth - m.date_of_birth)::int as gap
      from animals c join animals m on m.id = c.mother_id join sexes s on s.id = m.sex_id`.execute(db)
    expect(mothers.rows.length).toBeGreaterThan(1_000)
    for (const m of mothers.rows) {
      expect(m.sex).toBe('Hembra')
      expect(m.same).toBe(true)
      expect(m.gap).toBeGreaterThanOrEqual(700)
    }
    const fathers = await count(sql`
      select count(*)::int as n from animals c join bulls b on b.id = c.father_id
      where b.establishment_id <> c.establishment_id`)
    expect(fathers).toBe(0)
    const calvesWithFather = await count(sql`
      select count(*)::int as n from animals c join animal_types t on t.id = c.animal_type_id
      where t.description in ('Ternero', 'Ternera') and c.father_id is not null and c.mother_id is not null`)
    expect(calvesWithFather).toBeGreaterThan(300)
  })

  it('keeps sex, category, status and tags consistent', async () => {
    const rows = await sql<{ type: string; sex: string; n: number }>`
      select t.description as type, s.description as sex, count(*)::int as n
      from animals a join animal_types t on t.id = a.animal_type_id join sexes s on s.id = a.sex_id
      group by 1, 2`.execute(db)
    for (const r of rows.rows)
      expect(r.sex, r.type).toBe(SEX_OF_ANIMAL_TYPE[r.type as keyof typeof SEX_OF_ANIMAL_TYPE])
    expect(new Set(rows.rows.map((r) => r.type)).size).toBe(12)

    const status = await sql<{ gone: boolean; status: string }>`
      select distinct a.check_out_type_id is not null as gone, st.description as status
      from animals a join status_types st on st.id = a.current_status_id`.execute(db)
    for (const s of status.rows) expect(s.status === 'Activo').toBe(!s.gone)

    const tags = await sql<{ bad: number; total: number; missing: number; dup: number; birth: number }>`
      select count(*) filter (where electronic_tag !~ '^032[0-9]{12}$')::int as bad,
             count(electronic_tag)::int as total,
             count(*) filter (where electronic_tag is null)::int as missing,
             (count(electronic_tag) - count(distinct electronic_tag))::int as dup,
             count(*) filter (where weight_at_birth < 25 or weight_at_birth > 45)::int as birth
      from animals`.execute(db)
    expect(tags.rows[0]).toMatchObject({ bad: 0, dup: 0, birth: 0 })
    expect(tags.rows[0]?.total).toBeGreaterThan(3_000)
    expect(tags.rows[0]?.missing).toBeGreaterThan(0)
    const visual = await count(sql`
      select count(*)::int as n from (select establishment_id, lower(visual_tag) from animals group by 1, 2 having count(*) > 1) d`)
    expect(visual).toBe(0)
    const gone = await count(sql`select count(*)::int as n from animals where check_out_date is not null`)
    expect(gone).toBeGreaterThan(0)
  })

  it('writes no date after today', async () => {
    const future = await sql<{ what: string; n: number }>`
      select 'animals' as what, count(*)::int as n from animals
        where greatest(date_of_birth, check_in_date, check_out_date, service_date) > localtimestamp
           or created_at > now()
      union all select 'sessions', count(*)::int from cattle_handlings where activity_date > localtimestamp
      union all select 'inseminations', count(*)::int from artificial_inseminations where read_at > localtimestamp
      union all select 'pregnancy_checks', count(*)::int from pregnancy_checks where read_at > localtimestamp
      union all select 'preservices', count(*)::int from preservices where read_at > localtimestamp
      union all select 'weighings', count(*)::int from weighings where read_at > localtimestamp
      union all select 'body_conditions', count(*)::int from body_conditions where read_at > localtimestamp
      union all select 'notes', count(*)::int from notes where read_at > localtimestamp
      union all select 'alerts', count(*)::int from alerts where created_at > now() or read_at > now()`.execute(
      db,
    )
    for (const f of future.rows) expect(f.n, f.what).toBe(0)
    const birthBeforeEvents = await count(sql`
      select count(*)::int as n from weighings w join animals a on a.id = w.animal_id
      where w.read_at < a.date_of_birth or w.read_at < a.check_in_date
         or (a.check_out_date is not null and w.read_at >= a.check_out_date + interval '1 day')`)
    expect(birthBeforeEvents).toBe(0)
  })

  it('records two years of sessions of every work type, with events of their own type', async () => {
    const sessions = await sql<{ establishment_id: number; work: number; n: number; span: number }>`
      select establishment_id, cattle_handling_work as work, count(*)::int as n,
             extract(day from max(activity_date) - min(activity_date))::int as span
      from cattle_handlings group by 1, 2`.execute(db)
    expect(sessions.rows).toHaveLength(12)
    for (const s of sessions.rows) {
      expect(s.n).toBeGreaterThanOrEqual(3)
      expect(s.span).toBeGreaterThan(365)
    }
    const names = await db.selectFrom('cattle_handlings').select('name').execute()
    expect(names.map((n) => n.name)).toContain('IATF Primavera 2025')
    const wrongType = await sql<{ n: number }>`
      select count(*)::int as n from (
        select ch.cattle_handling_work <> 1 or ch.establishment_id <> e.establishment_id as wrong
          from artificial_inseminations e join cattle_handlings ch on ch.id = e.cattle_handling_id
        union all select ch.cattle_handling_work <> 2 or ch.establishment_id <> e.establishment_id
          from pregnancy_checks e join cattle_handlings ch on ch.id = e.cattle_handling_id
        union all select ch.cattle_handling_work <> 3 or ch.establishment_id <> e.establishment_id
          from preservices e join cattle_handlings ch on ch.id = e.cattle_handling_id
        union all select ch.cattle_handling_work <> 7 or ch.establishment_id <> e.establishment_id
          from weighings e join cattle_handlings ch on ch.id = e.cattle_handling_id
        union all select ch.establishment_id <> e.establishment_id
          from body_conditions e join cattle_handlings ch on ch.id = e.cattle_handling_id
      ) checked where wrong`.execute(db)
    expect(wrongType.rows[0]?.n).toBe(0)
  })

  it('follows inseminations with pregnancy checks and precedes them with pre-services', async () => {
    const followed = await sql<{ total: number; checked: number }>`
      select count(*)::int as total, count(*) filter (where exists (
        select 1 from pregnancy_checks pc where pc.animal_id = ai.animal_id
          and pc.read_at between ai.read_at + interval '30 days' and ai.read_at + interval '60 days'))::int as checked
      from artificial_inseminations ai`.execute(db)
    const { total = 0, checked = 0 } = followed.rows[0] ?? {}
    expect(total).toBeGreaterThan(1_000)
    expect(checked / total).toBeGreaterThan(0.95)

    const preceded = await count(sql`
      select count(*)::int as n from cattle_handlings iatf
      where iatf.cattle_handling_work = 1 and not exists (
        select 1 from cattle_handlings pre where pre.establishment_id = iatf.establishment_id
          and pre.cattle_handling_work = 3
          and pre.activity_date between iatf.activity_date - interval '45 days' and iatf.activity_date - interval '14 days')`)
    expect(preceded).toBe(0)

    const details = await sql<{ detail: string; n: number }>`
      select d.description as detail, count(*)::int as n from pregnancy_checks pc
      join pregnancy_check_details d on d.id = pc.pregnancy_check_detail_id group by 1`.execute(db)
    const n = (detail: string) => details.rows.find((d) => d.detail === detail)?.n ?? 0
    const all = details.rows.reduce((sum, d) => sum + d.n, 0)
    for (const detail of ['Cabeza', 'Cuerpo', 'Cola', 'Vacia', 'IA', 'Embrión'])
      expect(n(detail), detail).toBeGreaterThan(0)
    expect(n('Vacia') / all).toBeLessThan(0.5)

    const grades = await count(sql`
      select count(distinct reproductive_grade_id)::int as n from preservices where reproductive_grade_id is not null`)
    expect(grades).toBe(4)
  })

  it('weighs growing animals with plausible daily gains', async () => {
    const gains = await sql<{ min: number; max: number; n: number; weighed: number }>`
      select min(gain) as min, max(gain) as max, count(*)::int as n, count(distinct animal_id)::int as weighed from (
        select animal_id,
               (weight - lag(weight) over w) / nullif(extract(epoch from read_at - lag(read_at) over w) / 86400, 0) as gain
        from weighings window w as (partition by animal_id order by read_at, id)
      ) g where gain is not null`.execute(db)
    const g = gains.rows[0]
    expect(g?.n).toBeGreaterThan(3_000)
    // Cows are weighed too, and lose weight over calving and winter: the distribution of the young
    // stock's gains is checked in demo-ranges.test.ts.
    expect(Number(g?.min)).toBeGreaterThanOrEqual(-0.7)
    expect(Number(g?.max)).toBeLessThanOrEqual(1.2)
    const multiple = await count(sql`
      select count(*)::int as n from (select animal_id from weighings group by 1 having count(*) >= 4) m`)
    expect(multiple).toBeGreaterThan(500)
  })

  it('lets the triggers fill the latest-event columns of animals', async () => {
    const mismatched = await sql<{ what: string; n: number }>`
      with latest as (
        select distinct on (animal_id) animal_id, id, weight, read_at from weighings order by animal_id, read_at desc, id desc
      ), first as (
        select distinct on (animal_id) animal_id, weight from weighings order by animal_id, read_at, id
      )
      select 'weighings' as what, count(*)::int as n from animals a
        left join latest l on l.animal_id = a.id left join first f on f.animal_id = a.id
        where a.last_weighing_id is distinct from l.id or a.last_weight is distinct from l.weight
           or a.last_weight_read_at is distinct from l.read_at or a.first_weight is distinct from f.weight
      union all select 'pregnancy_checks', count(*)::int from animals a where a.last_pregnancy_check_id is distinct from
        (select e.id from pregnancy_checks e where e.animal_id = a.id order by e.read_at desc, e.id desc limit 1)
      union all select 'preservices', count(*)::int from animals a where a.last_preservice_id is distinct from
        (select e.id from preservices e where e.animal_id = a.id order by e.read_at desc, e.id desc limit 1)
      union all select 'inseminations', count(*)::int from animals a where a.last_artificial_insemination_id is distinct from
        (select e.id from artificial_inseminations e where e.animal_id = a.id order by e.read_at desc, e.id desc limit 1)
      union all select 'body_conditions', count(*)::int from animals a where a.last_body_condition_id is distinct from
        (select e.id from body_conditions e where e.animal_id = a.id order by e.read_at desc, e.id desc limit 1)`.execute(
      db,
    )
    for (const m of mismatched.rows) expect(m.n, m.what).toBe(0)
    const filled = await count(
      sql`select count(*)::int as n from animals where last_weight is not null and previous_weight is not null`,
    )
    expect(filled).toBeGreaterThan(1_000)
  })

  it('has active and read alerts, body conditions and notes', async () => {
    const alerts = await sql<{ active: boolean; n: number; read: number }>`
      select active, count(*)::int as n, count(read_at)::int as read from alerts group by 1`.execute(db)
    const active = alerts.rows.find((a) => a.active)
    const read = alerts.rows.find((a) => !a.active)
    expect(active?.n).toBeGreaterThan(30)
    expect(active?.read).toBe(0)
    expect(read?.n).toBeGreaterThan(10)
    expect(read?.read).toBe(read?.n)
    const descriptions = await db.selectFrom('alerts').select('description').distinct().execute()
    expect(descriptions.map((d) => d.description)).toEqual(
      expect.arrayContaining(['Revisar pezuña', 'Vender', 'Control sanitario']),
    )
    expect(await count(sql`select count(*)::int as n from body_conditions`)).toBeGreaterThan(1_000)
    expect(await count(sql`select count(*)::int as n from notes`)).toBeGreaterThan(50)
  })

  it('is deterministic: a second empty database gets the very same rows', async () => {
    const mine = await fingerprint(db)
    const other = await createTestDatabase(engine)
    try {
      expect(await seedDemoIfEmpty(other.db)).toBe(true)
      expect(await fingerprint(other.db)).toEqual(mine)
    } finally {
      await other.close()
    }
    // The same on both engines, when both run.
    fingerprints[engine] = mine
    const pglite = fingerprints.pglite
    if (engine === 'postgres' && pglite) expect(mine).toEqual(pglite)
    // A whole second demo seed: ~30 s on a quiet 2-core machine, more while other files run.
  }, 180_000)

  it('adds large benchmark establishments without clashing with the demo', async () => {
    const first = await seedLargeEstablishment(db, { animals: 2_000 })
    const second = await seedLargeEstablishment(db, { animals: 1_000 })
    expect(first.name).toBe(LARGE_ESTABLISHMENT_NAME)
    expect(second.name).toBe(`${LARGE_ESTABLISHMENT_NAME} 2`)
    const animals = await sql<{ establishment_id: number; n: number; blocks: number }>`
      select establishment_id, count(*)::int as n, count(distinct substr(electronic_tag, 4, 4))::int as blocks
      from animals where establishment_id in (${first.establishmentId}, ${second.establishmentId}) group by 1 order by 1`.execute(
      db,
    )
    expect(animals.rows.map((r) => r.n)).toEqual([2_000, 1_000])
    expect(animals.rows.map((r) => r.blocks)).toEqual([1, 1])
    expect(first.events).toBeGreaterThan(5_000)
    const admin = await db
      .selectFrom('establishment_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.is_admin')
      .where('u.email', '=', 'admin@demo.test')
      .where('m.establishment_id', '=', first.establishmentId)
      .executeTakeFirst()
    expect(admin?.is_admin).toBe(true)
    await expect(seedLargeEstablishment(db, { animals: 10 })).rejects.toThrow(/entre 100/)
  })
})
