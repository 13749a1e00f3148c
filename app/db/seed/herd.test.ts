import { describe, expect, it } from 'vitest'
import { ANIMAL_TYPES, LOOKUP_VALUES, SEX_OF_ANIMAL_TYPE } from '~/features/lookups/lookup-values'
import { GENERAL_LOOKUP_TABLES, RIDER_LOOKUP_TABLES } from '../schema'
import { DEMO_REFERENCE_DATE, dayOf, isoDay, localDateTime, referenceDay, todayDay } from './calendar'
import { planHerd, WINDOW_DAYS } from './herd'
import { DEMO_ESTABLISHMENTS, largeProfile } from './profiles'
import { Random } from './random'

describe('Random', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const draw = (seed: string) => {
      const rng = new Random(seed)
      return [rng.next(), rng.int(1, 6), rng.normal(), rng.uuid(), rng.pick(['a', 'b', 'c'])]
    }
    expect(draw('x')).toEqual(draw('x'))
    expect(draw('x')).not.toEqual(draw('y'))
    expect(new Random('x').fork('a').next()).not.toBe(new Random('x').fork('b').next())
  })

  it('keeps its helpers in range', () => {
    const rng = new Random('ranges')
    for (let i = 0; i < 5_000; i++) {
      const n = rng.int(3, 7)
      expect(n).toBeGreaterThanOrEqual(3)
      expect(n).toBeLessThanOrEqual(7)
      const f = rng.next()
      expect(f).toBeGreaterThanOrEqual(0)
      expect(f).toBeLessThan(1)
      const c = rng.normalIn(0, 10, -1, 1)
      expect(Math.abs(c)).toBeLessThanOrEqual(1)
    }
    expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const mean = Array.from({ length: 20_000 }, () => rng.normal(5, 2)).reduce((a, b) => a + b) / 20_000
    expect(mean).toBeCloseTo(5, 1)
  })
})

describe('calendar', () => {
  it('formats days as wall-clock dates', () => {
    const day = dayOf('2025-03-12')
    expect(isoDay(day)).toBe('2025-03-12')
    expect(localDateTime(day, 7 * 3600 + 90)).toBe('2025-03-12 07:01:30')
  })

  it('never puts the reference day in the future', () => {
    expect(referenceDay()).toBeLessThan(todayDay())
    expect(referenceDay(new Date('2026-06-01T12:00:00Z'))).toBe(dayOf('2026-05-31'))
    expect(referenceDay(new Date('2030-01-01T12:00:00Z'))).toBe(dayOf(DEMO_REFERENCE_DATE))
  })
})

describe('lookup values', () => {
  it('cover every lookup table of the schema', () => {
    expect(Object.keys(LOOKUP_VALUES).sort()).toEqual(
      [...GENERAL_LOOKUP_TABLES, ...RIDER_LOOKUP_TABLES].sort(),
    )
    for (const values of Object.values(LOOKUP_VALUES)) expect(new Set(values).size).toBe(values.length)
  })

  it('give every category a sex', () => {
    for (const type of ANIMAL_TYPES) expect(SEX_OF_ANIMAL_TYPE[type]).toMatch(/^(Macho|Hembra)$/)
  })
})

describe('planHerd', () => {
  const reference = dayOf(DEMO_REFERENCE_DATE)
  const profile = DEMO_ESTABLISHMENTS[0] as (typeof DEMO_ESTABLISHMENTS)[number]
  const plan = planHerd(profile, reference)

  it('is deterministic', () => {
    const again = planHerd(profile, reference)
    expect(JSON.stringify(again)).toBe(JSON.stringify(plan))
  })

  it('writes exactly the requested number of animals', () => {
    expect(plan.animals).toHaveLength(profile.animals)
    expect(planHerd(largeProfile('Grande', 5_000, 7001), reference).animals).toHaveLength(5_000)
  })

  it('has a realistic herd', () => {
    const present = plan.animals.filter((a) => a.checkOutDay === null)
    const count = (type: string) => present.filter((a) => a.type === type).length
    for (const type of ANIMAL_TYPES) expect(count(type), type).toBeGreaterThan(0)
    expect(count('Vaca')).toBeGreaterThan(150)
    expect(count('Ternero') + count('Ternera')).toBeGreaterThan(150)
    for (const a of plan.animals) expect(a.sex, a.type).toBe(SEX_OF_ANIMAL_TYPE[a.type])
    // Cows of several ages.
    const cowYears = new Set(present.filter((a) => a.type === 'Vaca').map((a) => isoDay(a.dob).slice(0, 4)))
    expect(cowYears.size).toBeGreaterThanOrEqual(5)
  })

  it('keeps every date inside the two years before the reference day', () => {
    const days = [
      ...plan.animals.flatMap((a) => [a.dob, a.checkInDay, a.checkOutDay ?? a.dob, a.serviceDay ?? a.dob]),
      ...plan.sessions.map((s) => s.day),
      ...[...plan.inseminations, ...plan.pregnancyChecks, ...plan.preservices, ...plan.weighings].map(
        (e) => e.day,
      ),
      ...plan.alerts.flatMap((a) => [a.createdDay, a.readDay ?? a.createdDay]),
      ...plan.notes.map((n) => n.day),
    ]
    expect(Math.max(...days)).toBeLessThanOrEqual(reference)
    const eventDays = plan.sessions.map((s) => s.day)
    expect(Math.min(...eventDays)).toBeGreaterThanOrEqual(reference - WINDOW_DAYS)
  })
})
