/**
 * The demo herd a farmer believes: the seeded data is checked against the ranges of real Argentine
 * beef herds (Angus, Hereford and their zebu crosses on pasture). The ranges, and where they come
 * from, are in docs/demo-data.md; each constant below names its line there.
 *
 * The checks run in SQL on the seeded database (what the app shows), not on the generator's plan.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnimalType, SEX_OF_ANIMAL_TYPE } from '~/features/lookups/lookup-values'
import type { DatabaseHandle, DB } from '../database.server'
import { createTestDatabase, testEngines } from '../testing.server'
import { isoDay, referenceDay } from './calendar'
import { seedDemo } from './demo.server'

/**
 * Last weight (kg) by the animal's category, when weighed in the year before its reference day
 * (today, or the day it left). docs/demo-data.md §1. Sources: INTA (Cría vacuna, Manual de la
 * recría), IPCVA cuadernillos; Di Marco, "Crecimiento de vacunos para carne" (INTA Balcarce).
 */
const WEIGHT_BY_CATEGORY: Record<AnimalType, readonly [min: number, max: number]> = {
  // Calf at foot: born at 25–45 kg, weaned at 6–8 months at 160–240 kg.
  Ternero: [25, 260],
  Ternera: [25, 250],
  // Weaned heifer growing to her first service (~65% of her adult weight at 24–27 months).
  'Vaq Recría': [140, 400],
  // First service at 24–27 months: 290–420 kg; pregnant until her first calf at ~3 years.
  'Vaq 1 serv': [280, 450],
  // After her first calf: 80–90% of the adult weight.
  'Vaq 2 serv': [330, 520],
  // Adult cows of British breeds and their crosses: 400–500 kg; a thin young cow of a small breed
  // 320, a large one in good condition 580.
  Vaca: [320, 580],
  'Vaca Rechazo': [320, 580],
  'Vaca Cut': [320, 580],
  // Cull heifers and steers on their way to slaughter.
  'Vaq Engorde': [140, 500],
  'Nov Recría': [140, 400],
  // Steers sold at 22–30 months at 400–480 kg (some lighter, sold early or weaker).
  'Nov Engorde': [280, 540],
  // Bulls: 550–650 kg at 2 years, 700–950 kg adult.
  Toro: [500, 1000],
}

/**
 * Every weighing by age and sex, whatever the category (§2): the envelope of the growth curves of
 * the same sources. Bulls have their own envelope (BULL_WEIGHT).
 */
const WEIGHT_BY_AGE: readonly {
  months: readonly [number, number]
  female: [number, number]
  male: [number, number]
}[] = [
  { months: [0, 9], female: [30, 250], male: [30, 260] },
  { months: [9, 15], female: [120, 330], male: [130, 360] },
  { months: [15, 24], female: [170, 420], male: [180, 480] },
  { months: [24, 36], female: [250, 500], male: [280, 560] },
  { months: [36, 1000], female: [320, 580], male: [320, 580] },
]

/** Bulls, bought at 2–3 years: 500–650 kg at 2 years, 700–950 kg adult (§2). */
const BULL_WEIGHT: readonly [number, number] = [450, 1000]

/** Age (months) by category at the reference day, or when the animal left (§3). */
const AGE_BY_CATEGORY: Record<AnimalType, readonly [min: number, max: number]> = {
  Ternero: [0, 10],
  Ternera: [0, 10],
  'Vaq Recría': [5, 27],
  'Nov Recría': [5, 20],
  // Served at 24–27 months, first calf at 33–38 months.
  'Vaq 1 serv': [13, 40],
  // With one calf, until her second.
  'Vaq 2 serv': [28, 56],
  Vaca: [36, 200],
  'Vaca Rechazo': [30, 200],
  // Cast for age (CUT: cría último ternero).
  'Vaca Cut': [96, 200],
  'Vaq Engorde': [5, 42],
  'Nov Engorde': [12, 36],
  Toro: [18, 120],
}

/** §4: most animals are weighed several times (every animal over a year old, but a few). */
const MIN_SHARE_WEIGHED_TWICE = 0.75
/**
 * §5: daily gain between two weighings of a growing animal (under 30 months), on pasture: 0.3–0.9
 * kg/d over a year, near zero in winter. Median and tails.
 */
const ADG_MEDIAN: readonly [number, number] = [0.3, 0.7]
const ADG_TAILS: readonly [p05Min: number, p95Max: number] = [-0.1, 1.1]
/** §5: calves at foot gain 0.5–0.95 kg/d from birth to weaning (0.6–0.85 most). */
const PRE_WEANING_ADG: readonly [number, number] = [0.5, 0.95]
/** §6: pregnancy rate at the final palpation of a cow-calf herd (cows and heifers): 80–95%. */
const PREGNANCY_RATE: readonly [number, number] = [0.78, 0.95]
/**
 * §6: IATF conception rate per service, read by ultrasound 30–40 days later: 45–65% on average. One
 * session of 50–80 heifers varies by ±7 points around its herd's mean (binomial), hence 40–70%.
 */
const IATF_CONCEPTION: readonly [number, number] = [0.4, 0.7]

/**
 * §1 allows no outlier: the generator clamps every draw. A share is kept only for the ADG tails,
 * where a few animals lose weight between a summer and a winter weighing (as real ones do).
 */

describe.each(testEngines())('demo data a farmer believes, on %s', (engine) => {
  let handle: DatabaseHandle
  let db: DB
  const reference = isoDay(referenceDay())

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    db = handle.db
    await seedDemo(db)
  }, 180_000)
  afterAll(() => handle?.close())

  /** Every animal with its category, sex, age in months at its reference day and weighings. */
  const animals = sql`
    select a.id, e.name as establishment, a.visual_tag, t.description as category, s.description as sex,
      coalesce(a.check_out_date, ${reference}::timestamp) as ref_day,
      (coalesce(a.check_out_date, ${reference}::timestamp)::date - a.date_of_birth::date) / 30.44 as age_months,
      a.last_weight::float8 as last_weight, a.last_weight_read_at,
      (select count(*) from weighings w where w.animal_id = a.id)::int as weighings
    from animals a
    join establishments e on e.id = a.establishment_id
    join animal_types t on t.id = a.animal_type_id
    join sexes s on s.id = a.sex_id
    where a.deleted_at is null`

  it('weighs each category within the range of real herds', async () => {
    const { rows } = await sql<{
      establishment: string
      visual_tag: string
      category: AnimalType
      last_weight: number
      age_months: number
    }>`
      select * from (${animals}) x
      where last_weight is not null and last_weight_read_at::timestamp >= ref_day - interval '365 days'`.execute(
      db,
    )
    expect(rows.length).toBeGreaterThan(3_000)
    const outside = rows.filter((r) => {
      const [min, max] = WEIGHT_BY_CATEGORY[r.category]
      return r.last_weight < min || r.last_weight > max
    })
    expect(
      outside.slice(0, 10).map((r) => `${r.establishment} ${r.visual_tag} ${r.category} ${r.last_weight} kg`),
    ).toEqual([])
    // Every category is weighed (cows and bulls too, not only the young stock).
    expect(new Set(rows.map((r) => r.category)).size).toBe(Object.keys(WEIGHT_BY_CATEGORY).length)
  })

  it('keeps every weighing within the growth curve of its age and sex', async () => {
    const { rows } = await sql<{
      months: number
      sex: string
      bull: boolean
      weight: number
      visual_tag: string
    }>`
      select (w.read_at::date - a.date_of_birth::date) / 30.44 as months, s.description as sex,
        t.description = 'Toro' as bull, w.weight::float8 as weight, a.visual_tag
      from weighings w join animals a on a.id = w.animal_id join sexes s on s.id = a.sex_id
      join animal_types t on t.id = a.animal_type_id`.execute(db)
    expect(rows.length).toBeGreaterThan(12_000)
    const outside = rows.filter((r) => {
      if (r.bull) return r.months < 18 || r.weight < BULL_WEIGHT[0] || r.weight > BULL_WEIGHT[1]
      const band = WEIGHT_BY_AGE.find((b) => r.months >= b.months[0] && r.months < b.months[1])
      if (!band) return true
      const [min, max] = r.sex === 'Hembra' ? band.female : band.male
      return r.weight < min || r.weight > max
    })
    expect(
      outside.slice(0, 10).map((r) => `${r.visual_tag} ${r.sex} ${r.months.toFixed(1)} m ${r.weight} kg`),
    ).toEqual([])
  })

  it('gives each category the age and sex it implies', async () => {
    const { rows } = await sql<{
      establishment: string
      visual_tag: string
      category: AnimalType
      sex: string
      age_months: number
    }>`${animals}`.execute(db)
    const wrong = rows.filter((r) => {
      const [min, max] = AGE_BY_CATEGORY[r.category]
      return r.sex !== SEX_OF_ANIMAL_TYPE[r.category] || r.age_months < min || r.age_months > max
    })
    expect(
      wrong
        .slice(0, 10)
        .map(
          (r) => `${r.establishment} ${r.visual_tag} ${r.category} ${r.sex} ${r.age_months.toFixed(1)} meses`,
        ),
    ).toEqual([])
  })

  it('weighs most animals several times', async () => {
    const { rows } = await sql<{ establishment: string; share: number }>`
      select establishment, avg(case when weighings >= 2 then 1.0 else 0 end)::float8 as share
      from (${animals}) x where age_months >= 12 group by establishment`.execute(db)
    expect(rows).toHaveLength(3)
    for (const r of rows) expect(r.share, r.establishment).toBeGreaterThanOrEqual(MIN_SHARE_WEIGHED_TWICE)
  })

  it('has daily gains of animals on pasture', async () => {
    const { rows } = await sql<{ p05: number; median: number; p95: number; n: number }>`
      with w as (
        select w.animal_id, w.read_at::date as day, w.weight::float8 as weight, a.date_of_birth::date as dob,
          lag(w.read_at::date) over (partition by w.animal_id order by w.read_at) as prev_day,
          lag(w.weight::float8) over (partition by w.animal_id order by w.read_at) as prev_weight
        from weighings w join animals a on a.id = w.animal_id
      ), gains as (
        select (weight - prev_weight) / (day - prev_day) as adg from w
        where prev_day is not null and day - prev_day >= 60 and day - dob < 30 * 30.44
      )
      select percentile_cont(0.05) within group (order by adg) as p05,
        percentile_cont(0.5) within group (order by adg) as median,
        percentile_cont(0.95) within group (order by adg) as p95, count(*)::int as n
      from gains`.execute(db)
    const gains = rows[0] as (typeof rows)[number]
    expect(gains.n).toBeGreaterThan(4_000)
    expect(gains.median).toBeGreaterThanOrEqual(ADG_MEDIAN[0])
    expect(gains.median).toBeLessThanOrEqual(ADG_MEDIAN[1])
    expect(gains.p05).toBeGreaterThanOrEqual(ADG_TAILS[0])
    expect(gains.p95).toBeLessThanOrEqual(ADG_TAILS[1])

    const weaning = await sql<{ min: number; max: number }>`
      select min(adg) as min, max(adg) as max from (
        select (w.weight::float8 - a.weight_at_birth::float8) / (w.read_at::date - a.date_of_birth::date) as adg
        from weighings w join animals a on a.id = w.animal_id join weighing_times t on t.id = w.weighing_time_id
        where t.description = 'Destete' and a.weight_at_birth is not null) x`.execute(db)
    const calves = weaning.rows[0] as (typeof weaning.rows)[number]
    expect(calves.min).toBeGreaterThanOrEqual(PRE_WEANING_ADG[0])
    expect(calves.max).toBeLessThanOrEqual(PRE_WEANING_ADG[1])
  })

  it('has the pregnancy and IATF conception rates of real herds', async () => {
    const rates = await sql<{ name: string; n: number; pregnant: number }>`
      select c.name, count(*)::int as n, avg(case when d.description = 'Vacia' then 0.0 else 1 end)::float8 as pregnant
      from pregnancy_checks p
      join cattle_handlings c on c.id = p.cattle_handling_id
      join pregnancy_check_details d on d.id = p.pregnancy_check_detail_id
      group by c.name, c.establishment_id`.execute(db)
    const finals = rates.rows.filter((r) => r.name.startsWith('Tacto final'))
    expect(finals.length).toBeGreaterThanOrEqual(6)
    for (const r of finals) {
      expect(r.pregnant, r.name).toBeGreaterThanOrEqual(PREGNANCY_RATE[0])
      expect(r.pregnant, r.name).toBeLessThanOrEqual(PREGNANCY_RATE[1])
    }

    // Conception to the IATF: animals read 'IA' at the ultrasound after the insemination.
    const conception = await sql<{ name: string; n: number; rate: number }>`
      select c.name, count(*)::int as n,
        avg(case when d.description = 'IA' then 1.0 else 0 end)::float8 as rate
      from pregnancy_checks p
      join cattle_handlings c on c.id = p.cattle_handling_id
      join pregnancy_check_details d on d.id = p.pregnancy_check_detail_id
      where c.name like 'Diagnóstico IATF%'
      group by c.name, c.establishment_id`.execute(db)
    expect(conception.rows.length).toBeGreaterThanOrEqual(6)
    for (const r of conception.rows) {
      expect(r.n, r.name).toBeGreaterThan(30)
      expect(r.rate, r.name).toBeGreaterThanOrEqual(IATF_CONCEPTION[0])
      expect(r.rate, r.name).toBeLessThanOrEqual(IATF_CONCEPTION[1])
    }
  })
})
