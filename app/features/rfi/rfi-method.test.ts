import { describe, expect, it } from 'vitest'
import {
  computeRfi,
  linearFit,
  ordinaryLeastSquares,
  RFI_NOTES,
  testCalendar,
  testWarnings,
} from './rfi-method'

/**
 * The reference figures were computed independently with NumPy 2.4.6 (Python 3 on this machine):
 * ADG = np.polyfit(days, weights, 1) slope, mid-test weight = intercept + slope·35 (a 71-day test,
 * days 0–70), MMW = mid^0.75, then b = np.linalg.lstsq([1, MMW, ADG], DMI) over the 12 animals with
 * complete data and RFI = DMI − X·b; SD with ddof=1. The script is docs/rfi-reference.py.
 * A13 has 2 weighings (no ADG), A14 no intake (no RFI).
 */
const DATA: { id: string; weighings: [number, number][]; dmi: number | null }[] = [
  {
    id: 'A01',
    weighings: [
      [0, 304.1],
      [21, 329.1],
      [49, 367.0],
      [70, 377.1],
    ],
    dmi: 11.406,
  },
  {
    id: 'A02',
    weighings: [
      [0, 344.2],
      [14, 362.1],
      [28, 378.2],
      [42, 395.2],
      [56, 403.3],
      [70, 419.3],
    ],
    dmi: 11.188,
  },
  {
    id: 'A03',
    weighings: [
      [0, 309.1],
      [14, 326.0],
      [28, 342.0],
      [42, 349.7],
      [56, 372.0],
      [70, 382.1],
    ],
    dmi: 10.67,
  },
  {
    id: 'A04',
    weighings: [
      [0, 313.7],
      [21, 342.6],
      [49, 386.5],
      [70, 430.9],
    ],
    dmi: 9.65,
  },
  {
    id: 'A05',
    weighings: [
      [0, 279.5],
      [14, 314.7],
      [28, 328.9],
      [42, 345.9],
      [56, 368.6],
      [70, 393.5],
    ],
    dmi: 10.635,
  },
  {
    id: 'A06',
    weighings: [
      [0, 287.2],
      [14, 311.3],
      [28, 335.8],
      [42, 355.6],
      [56, 382.3],
      [70, 406.3],
    ],
    dmi: 10.741,
  },
  {
    id: 'A07',
    weighings: [
      [0, 338.1],
      [21, 374.3],
      [49, 410.5],
      [70, 451.0],
    ],
    dmi: 9.667,
  },
  {
    id: 'A08',
    weighings: [
      [0, 334.8],
      [14, 343.5],
      [28, 365.1],
      [42, 387.7],
      [56, 403.6],
      [70, 421.3],
    ],
    dmi: 10.638,
  },
  {
    id: 'A09',
    weighings: [
      [0, 346.2],
      [14, 367.8],
      [28, 378.6],
      [42, 399.4],
      [56, 411.7],
      [70, 427.9],
    ],
    dmi: 10.766,
  },
  {
    id: 'A10',
    weighings: [
      [0, 342.9],
      [21, 370.2],
      [49, 421.5],
      [70, 453.7],
    ],
    dmi: 9.192,
  },
  {
    id: 'A11',
    weighings: [
      [0, 345.5],
      [14, 353.9],
      [28, 391.3],
      [42, 406.1],
      [56, 418.7],
      [70, 451.0],
    ],
    dmi: 8.447,
  },
  {
    id: 'A12',
    weighings: [
      [0, 308.6],
      [14, 319.2],
      [28, 333.6],
      [42, 347.3],
      [56, 365.8],
      [70, 369.9],
    ],
    dmi: 11.399,
  },
  {
    id: 'A13',
    weighings: [
      [0, 283.4],
      [70, 358.3],
    ],
    dmi: 9.539,
  },
  {
    id: 'A14',
    weighings: [
      [0, 362.8],
      [14, 382.3],
      [28, 399.8],
      [42, 422.3],
      [56, 434.5],
      [70, 456.3],
    ],
    dmi: null,
  },
]
const NUMPY = {
  coefficients: [22.511220451140048, -0.11537927951505564, -1.822522238955282],
  adg: {
    A01: 1.0857142857142883,
    A02: 1.0532653061224484,
    A03: 1.0422448979591836,
    A04: 1.659605911330052,
    A05: 1.5279591836734694,
    A06: 1.690408163265306,
    A07: 1.5687192118226632,
    A08: 1.2967346938775501,
    A09: 1.144897959183672,
    A10: 1.6172413793103475,
    A11: 1.5034693877551006,
    A12: 0.9387755102040811,
    A14: 1.3195918367346942,
  },
  mmw: {
    A01: 79.93305597931544,
    A02: 86.69778406130257,
    A03: 80.36648424450529,
    A04: 84.09338203996678,
    A05: 78.91963024666768,
    A06: 80.29695637818753,
    A07: 88.34619673032665,
    A08: 85.38682864209304,
    A09: 87.52398785509182,
    A10: 88.95173193376415,
    A11: 88.50472231560566,
    A12: 79.30689857602171,
    A14: 91.059019814201,
  },
  rfi: {
    A01: 0.09613638805571867,
    A02: 0.5995068533331214,
    A03: -0.6690788968826666,
    A04: -0.1339179380836928,
    A05: 0.01420921877591752,
    A06: 0.5751909934896524,
    A07: 0.20812572572361177,
    A08: 0.34197813527686804,
    A09: 0.4398361998116851,
    A10: -0.10857532945415116,
    A11: -1.112502961913247,
    A12: -0.2509083881315419,
  },
  sd: 0.5073483243683172,
}

const input = DATA.map((a) => ({
  id: a.id,
  weighings: a.weighings.map(([day, weight]) => ({ day, weight })),
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
