/**
 * Residual feed intake (decision 039, docs/rfi.md). Pure and client-safe: the API computes a test's
 * figures with it, and the tests check it against figures computed independently (NumPy).
 *
 * Per animal: ADG = slope of the least-squares line of weight on test day (≥ 3 weighings in the
 * test), mid-test weight = that line at the test's middle day, MMW = mid-test weight^0.75, DMI = mean
 * daily dry-matter intake over the test. Per contemporary group (≥ 10 animals with all three):
 * DMI = b0 + b1·MMW + b2·ADG by ordinary least squares, and RFI = DMI − predicted.
 */

export const RFI_MIN_WEIGHINGS = 3
export const RFI_MIN_ANIMALS = 10
/** The published guideline (BIF): at least 70 days of test after at least 21 of adaptation. */
export const RFI_MIN_TEST_DAYS = 70
export const RFI_MIN_ADAPTATION_DAYS = 21
/** Classes at ±0.5 standard deviations (sample SD) of the group's RFI. */
export const RFI_CLASS_SD = 0.5

export type RfiClass = 'eficiente' | 'medio' | 'ineficiente'
export const RFI_CLASS_LABELS: Record<RfiClass, string> = {
  eficiente: 'Eficiente',
  medio: 'Medio',
  ineficiente: 'Ineficiente',
}

export const RFI_NOTES = {
  fewWeighings: `Menos de ${RFI_MIN_WEIGHINGS} pesadas en la prueba: sin GDPV ni RFI`,
  noIntake: 'Sin registros de consumo en la prueba: sin RFI',
  fewAnimals: `Menos de ${RFI_MIN_ANIMALS} animales con datos completos: no se calcula el RFI del grupo`,
  shortTest: (days: number) =>
    `La prueba dura ${days} días: la guía recomienda al menos ${RFI_MIN_TEST_DAYS} días de prueba`,
  shortAdaptation: (days: number) =>
    `La adaptación dura ${days} días: la guía recomienda al menos ${RFI_MIN_ADAPTATION_DAYS}`,
  singular: 'Los datos del grupo no permiten ajustar el modelo (MMW y GDPV no varían lo suficiente)',
} as const

/** Simple least squares y = intercept + slope·x. Needs ≥ 2 distinct x. */
export function linearFit(xs: readonly number[], ys: readonly number[]) {
  const n = xs.length
  const mx = mean(xs)
  const my = mean(ys)
  let sxx = 0
  let sxy = 0
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx
    sxx += dx * dx
    sxy += dx * ((ys[i] as number) - my)
  }
  if (sxx === 0) return undefined
  const slope = sxy / sxx
  return { slope, intercept: my - slope * mx }
}

/**
 * Ordinary least squares with an intercept: y = b0 + Σ bj·xj. The columns are centred first (the
 * intercept then follows from the means), which keeps the normal equations well conditioned when
 * MMW (~100) and ADG (~1) differ by two orders of magnitude; the small system is solved by Gaussian
 * elimination with partial pivoting. Returns undefined when the columns are collinear.
 */
export function ordinaryLeastSquares(rows: readonly (readonly number[])[], y: readonly number[]) {
  const n = rows.length
  const k = rows[0]?.length ?? 0
  if (n <= k) return undefined
  const means = Array.from({ length: k }, (_, j) => mean(rows.map((row) => row[j] as number)))
  const my = mean(y)
  const a = Array.from({ length: k }, () => new Array<number>(k + 1).fill(0))
  for (let i = 0; i < n; i++) {
    const row = rows[i] as readonly number[]
    const dy = (y[i] as number) - my
    for (let p = 0; p < k; p++) {
      const dp = (row[p] as number) - (means[p] as number)
      const line = a[p] as number[]
      for (let q = 0; q < k; q++)
        line[q] = (line[q] as number) + dp * ((row[q] as number) - (means[q] as number))
      line[k] = (line[k] as number) + dp * dy
    }
  }
  const slopes = solve(a)
  if (!slopes) return undefined
  const intercept = my - slopes.reduce((sum, b, j) => sum + b * (means[j] as number), 0)
  return [intercept, ...slopes]
}

/** Solves the augmented k×(k+1) system in place; undefined when singular. */
function solve(a: number[][]) {
  const k = a.length
  const scale = Math.max(...a.flatMap((line) => line.slice(0, k).map(Math.abs)), 0)
  if (scale === 0) return undefined
  for (let col = 0; col < k; col++) {
    let pivot = col
    for (let r = col + 1; r < k; r++) {
      if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number))
        pivot = r
    }
    if (Math.abs((a[pivot] as number[])[col] as number) <= scale * 1e-12) return undefined
    ;[a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]]
    const line = a[col] as number[]
    for (let r = col + 1; r < k; r++) {
      const other = a[r] as number[]
      const factor = (other[col] as number) / (line[col] as number)
      for (let c = col; c <= k; c++) other[c] = (other[c] as number) - factor * (line[c] as number)
    }
  }
  const x = new Array<number>(k).fill(0)
  for (let r = k - 1; r >= 0; r--) {
    const line = a[r] as number[]
    let sum = line[k] as number
    for (let c = r + 1; c < k; c++) sum -= (line[c] as number) * (x[c] as number)
    x[r] = sum / (line[r] as number)
  }
  return x
}

function mean(values: readonly number[]) {
  let sum = 0
  for (const v of values) sum += v
  return values.length ? sum / values.length : Number.NaN
}

export function sampleSd(values: readonly number[]) {
  if (values.length < 2) return Number.NaN
  const m = mean(values)
  let ss = 0
  for (const v of values) ss += (v - m) ** 2
  return Math.sqrt(ss / (values.length - 1))
}

/** The test's calendar: day 0 is the first test day (after adaptation). */
export interface RfiTestPeriod {
  /** First day of adaptation, yyyy-mm-dd. */
  startDate: string
  endDate: string
  adaptationDays: number
}

const DAY_MS = 86_400_000
export const dayNumber = (date: string) => Math.round(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS)
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

export function testCalendar(period: RfiTestPeriod) {
  const first = dayNumber(period.startDate) + period.adaptationDays
  const last = dayNumber(period.endDate)
  return {
    testStart: dateOfDay(first),
    testEnd: period.endDate,
    /** Days of test, both ends included. */
    testDays: last - first + 1,
    /** The test's middle, in test days (day 0 = testStart). */
    midDay: (last - first) / 2,
  }
}

/** The guideline's warnings (never a refusal). */
export function testWarnings(period: RfiTestPeriod) {
  const { testDays } = testCalendar(period)
  const warnings: string[] = []
  if (period.adaptationDays < RFI_MIN_ADAPTATION_DAYS)
    warnings.push(RFI_NOTES.shortAdaptation(period.adaptationDays))
  if (testDays < RFI_MIN_TEST_DAYS) warnings.push(RFI_NOTES.shortTest(testDays))
  return warnings
}

export interface RfiAnimalInput {
  id: string
  /** Weighings inside the test: day = days since the test's first day. */
  weighings: readonly { day: number; weight: number }[]
  /** Mean daily dry-matter intake over the test, kg; null without intake records. */
  dmi: number | null
  intakeDays: number
}

export interface RfiAnimalResult {
  id: string
  weighings: number
  intakeDays: number
  adg: number | null
  midWeight: number | null
  mmw: number | null
  dmi: number | null
  /** Feed conversion: DMI / ADG (kg dry matter per kg gained). */
  fcr: number | null
  predictedDmi: number | null
  rfi: number | null
  rfiClass: RfiClass | null
  /** 1 = most efficient (lowest RFI). */
  rank: number | null
  note: string | null
}

export interface RfiResult {
  animals: RfiAnimalResult[]
  /** b0 (intercept), b1 (MMW), b2 (ADG); null when the group is too small or collinear. */
  coefficients: { intercept: number; mmw: number; adg: number } | null
  rSquared: number | null
  rfiSd: number | null
  complete: number
  warnings: string[]
}

/** The figures of one test's contemporary group. */
export function computeRfi(animals: readonly RfiAnimalInput[], midDay: number): RfiResult {
  const results: RfiAnimalResult[] = animals.map((animal) => {
    const base = {
      id: animal.id,
      weighings: animal.weighings.length,
      intakeDays: animal.intakeDays,
      dmi: animal.dmi,
      predictedDmi: null,
      rfi: null,
      rfiClass: null,
      rank: null,
    }
    const fit =
      animal.weighings.length >= RFI_MIN_WEIGHINGS
        ? linearFit(
            animal.weighings.map((w) => w.day),
            animal.weighings.map((w) => w.weight),
          )
        : undefined
    if (!fit)
      return { ...base, adg: null, midWeight: null, mmw: null, fcr: null, note: RFI_NOTES.fewWeighings }
    const midWeight = fit.intercept + fit.slope * midDay
    const mmw = midWeight > 0 ? midWeight ** 0.75 : null
    const fcr = animal.dmi !== null && fit.slope > 0 ? animal.dmi / fit.slope : null
    return {
      ...base,
      adg: fit.slope,
      midWeight,
      mmw,
      fcr,
      note: animal.dmi === null ? RFI_NOTES.noIntake : null,
    }
  })
  const complete = results.filter((r) => r.adg !== null && r.mmw !== null && r.dmi !== null)
  const warnings: string[] = []
  if (complete.length < RFI_MIN_ANIMALS) {
    warnings.push(RFI_NOTES.fewAnimals)
    return {
      animals: results,
      coefficients: null,
      rSquared: null,
      rfiSd: null,
      complete: complete.length,
      warnings,
    }
  }
  const y = complete.map((r) => r.dmi as number)
  const b = ordinaryLeastSquares(
    complete.map((r) => [r.mmw as number, r.adg as number]),
    y,
  )
  if (!b) {
    warnings.push(RFI_NOTES.singular)
    return {
      animals: results,
      coefficients: null,
      rSquared: null,
      rfiSd: null,
      complete: complete.length,
      warnings,
    }
  }
  const [b0, b1, b2] = b as [number, number, number]
  for (const r of complete) {
    r.predictedDmi = b0 + b1 * (r.mmw as number) + b2 * (r.adg as number)
    r.rfi = (r.dmi as number) - r.predictedDmi
  }
  const residuals = complete.map((r) => r.rfi as number)
  const sd = sampleSd(residuals)
  const my = mean(y)
  const ssTot = y.reduce((s, v) => s + (v - my) ** 2, 0)
  const ssRes = residuals.reduce((s, v) => s + v * v, 0)
  for (const r of complete) {
    const rfi = r.rfi as number
    r.rfiClass = rfi < -RFI_CLASS_SD * sd ? 'eficiente' : rfi > RFI_CLASS_SD * sd ? 'ineficiente' : 'medio'
  }
  ;[...complete]
    .sort((p, q) => (p.rfi as number) - (q.rfi as number))
    .forEach((r, i) => {
      r.rank = i + 1
    })
  return {
    animals: results,
    coefficients: { intercept: b0, mmw: b1, adg: b2 },
    rSquared: ssTot > 0 ? 1 - ssRes / ssTot : null,
    rfiSd: sd,
    complete: complete.length,
    warnings,
  }
}
