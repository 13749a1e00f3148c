import { describe, expect, it } from 'vitest'
import {
  computeRfi,
  linearFit,
  ordinaryLeastSquares,
  RFI_NOTES,
  testCalendar,
  testWarnings,
} from './rfi-method'
import { NUMPY, REFERENCE_GROUP } from './testing.server'

// The reference group and NumPy's figures for it (how they were computed: testing.server.ts).
const input = REFERENCE_GROUP.map((a) => ({
  id: a.tag,
  weighings: a.days.map((day, i) => ({ day, weight: a.weights[i] as number })),
  dmi: a.dmi,
  intakeDays: a.dmi === null ? 0 : 71,
}))

describe('RFI against NumPy', () => {
  const result = computeRfi(input, 35)

  it('fits DMI ~ MMW + ADG with the same coefficients to 1e-6', () => {
    expect(result.complete).toBe(12)
    const c = result.coefficients
    expect(c).not.toBeNull()
    expect(c?.intercept).toBeCloseTo(NUMPY.coefficients[0] as number, 6)
    expect(c?.mmw).toBeCloseTo(NUMPY.coefficients[1] as number, 6)
    expect(c?.adg).toBeCloseTo(NUMPY.coefficients[2] as number, 6)
    expect(result.rfiSd).toBeCloseTo(NUMPY.sd, 6)
  })

  it('gives every animal the same ADG, MMW and residual to 1e-6', () => {
    for (const animal of result.animals) {
      const id = animal.id as keyof typeof NUMPY.adg
      if (id in NUMPY.adg) {
        expect(animal.adg, id).toBeCloseTo(NUMPY.adg[id], 6)
        expect(animal.mmw, id).toBeCloseTo(NUMPY.mmw[id], 6)
      } else expect(animal.adg, id).toBeNull()
      const rfi = NUMPY.rfi[animal.id as keyof typeof NUMPY.rfi]
      if (rfi === undefined) expect(animal.rfi, animal.id).toBeNull()
      else expect(animal.rfi, animal.id).toBeCloseTo(rfi, 6)
    }
  })

  it('says why an animal has no figure', () => {
    const byId = new Map(result.animals.map((a) => [a.id, a]))
    expect(byId.get('A13')?.note).toBe(RFI_NOTES.fewWeighings)
    expect(byId.get('A14')?.note).toBe(RFI_NOTES.noIntake)
  })

  it('ranks by RFI and classes at ±0.5 SD', () => {
    const byId = new Map(result.animals.map((a) => [a.id, a]))
    // Lowest residuals: A11 (−1.1125), A03 (−0.6691); highest A02 (0.5995), A06 (0.5752).
    expect(byId.get('A11')?.rank).toBe(1)
    expect(byId.get('A03')?.rank).toBe(2)
    expect(byId.get('A02')?.rank).toBe(12)
    expect(byId.get('A11')?.rfiClass).toBe('eficiente')
    expect(byId.get('A03')?.rfiClass).toBe('eficiente')
    // 0.5 SD = 0.2537: A09 (0.4398) is above it, A07 (0.2081) and A12 (−0.2509) inside.
    expect(byId.get('A09')?.rfiClass).toBe('ineficiente')
    expect(byId.get('A07')?.rfiClass).toBe('medio')
    expect(byId.get('A12')?.rfiClass).toBe('medio')
  })

  it('gives no RFI to a group of fewer than 10 complete animals, and says so', () => {
    const small = computeRfi(input.slice(0, 9), 35)
    expect(small.coefficients).toBeNull()
    expect(small.animals.every((a) => a.rfi === null)).toBe(true)
    expect(small.warnings).toContain(RFI_NOTES.fewAnimals)
    // ADG is still given per animal.
    expect(small.animals[0]?.adg).toBeCloseTo(NUMPY.adg.A01, 6)
  })
})

describe('least squares', () => {
  it('recovers an exact plane', () => {
    const rows = [
      [1, 2],
      [2, 1],
      [3, 5],
      [4, 3],
      [5, 8],
    ]
    const y = rows.map(([a, b]) => 1.5 + 2 * (a as number) - 0.25 * (b as number))
    const b = ordinaryLeastSquares(rows, y)
    expect(b?.[0]).toBeCloseTo(1.5, 10)
    expect(b?.[1]).toBeCloseTo(2, 10)
    expect(b?.[2]).toBeCloseTo(-0.25, 10)
  })
  it('refuses collinear columns', () => {
    expect(
      ordinaryLeastSquares(
        [
          [1, 2],
          [2, 4],
          [3, 6],
          [4, 8],
        ],
        [1, 2, 3, 4],
      ),
    ).toBeUndefined()
    expect(linearFit([5, 5, 5], [1, 2, 3])).toBeUndefined()
  })
})

describe('test calendar', () => {
  it('counts test days after adaptation and warns on a short test', () => {
    const period = { startDate: '2026-01-01', endDate: '2026-04-01', adaptationDays: 21 }
    expect(testCalendar(period)).toEqual({
      testStart: '2026-01-22',
      testEnd: '2026-04-01',
      testDays: 70,
      midDay: 34.5,
    })
    expect(testWarnings(period)).toEqual([])
    expect(testWarnings({ ...period, endDate: '2026-03-15', adaptationDays: 14 })).toEqual([
      RFI_NOTES.shortAdaptation(14),
      RFI_NOTES.shortTest(60),
    ])
  })
})
