/**
 * The herd generator: simulates a cow-calf establishment season by season and returns the rows of
 * its last two years (plus the lead-in of the first service season). No database code: the plan
 * names lookups by description and sessions by name; establishment.server.ts writes it.
 *
 * The calendar of a season s (Argentine spring service, autumn weaning):
 *   heifers  pre-service s-08-28, IATF s-09-28, ultrasound s-10-31
 *   cows     pre-service s-10-05, IATF s-11-08, ultrasound s-12-18
 *   all      final palpation (s+1)-03-12, the same day the calves born in s are weaned
 * Calves are born a gestation after conception (Jul–Oct). Conceptions by the natural-service bulls
 * (REPASO) 10–85 days after the IATF are read at the final palpation as cabeza, cuerpo or cola.
 * Replacement heifers are served first at about 25 months; a female is 'Vaq 2 serv' after her first
 * calf and 'Vaca' after her second.
 */

import type {
  AnimalType,
  Breed,
  CheckInType,
  CheckOutType,
  Color,
  OvarianStatus,
  PregnancyCheckDetail,
  ReproductiveGrade,
  Sex,
  StatusType,
  WeighingTime,
} from '~/features/lookups/lookup-values'
import { STATUS_OF_CHECK_OUT } from '~/features/lookups/lookup-values'
import { dayOfYmd, monthOf, yearOf } from './calendar'
import { type HerdProfile, NATURAL_SERVICE_BULL } from './profiles'
import { Random } from './random'

export interface PlannedAnimal {
  id: string
  visualTag: string
  electronicTag: string | null
  cuig: string | null
  senasa: string | null
  rodeo: string
  type: AnimalType
  breed: Breed
  color: Color
  sex: Sex
  birthType: string | null
  checkInType: CheckInType
  checkInDay: number
  checkOutType: CheckOutType | null
  checkOutDay: number | null
  origin: string | null
  owner: string
  status: StatusType
  dob: number
  weightAtBirth: number | null
  father: string | null
  motherId: string | null
  serviceBull: string | null
  serviceDay: number | null
}

export interface PlannedSession {
  name: string
  description: string
  day: number
  work: 1 | 2 | 3 | 7
}

interface EventBase {
  /** Index into plan.animals. */
  animal: number
  session: string
  day: number
  /** Seconds after midnight. */
  time: number
  order: number
}
export interface PlannedInsemination extends EventBase {
  bull: string
  inseminator: number
}
export interface PlannedPregnancyCheck extends EventBase {
  detail: PregnancyCheckDetail
  ultrasound: boolean
}
export interface PlannedPreservice extends EventBase {
  grade: ReproductiveGrade | null
  ovarian: OvarianStatus
}
export interface PlannedWeighing extends EventBase {
  weighingTime: WeighingTime
  weight: number
}
export interface PlannedBodyCondition {
  animal: number
  session: string | null
  day: number
  detail: string
}
export interface PlannedNote {
  animal: number
  session: string | null
  day: number
  time: number
  content: string
}
export interface PlannedAlert {
  animal: number
  description: string
  createdDay: number
  createdTime: number
  readDay: number | null
}

export interface HerdPlan {
  profile: HerdProfile
  reference: number
  windowStart: number
  animals: PlannedAnimal[]
  sessions: PlannedSession[]
  inseminations: PlannedInsemination[]
  pregnancyChecks: PlannedPregnancyCheck[]
  preservices: PlannedPreservice[]
  weighings: PlannedWeighing[]
  bodyConditions: PlannedBodyCondition[]
  notes: PlannedNote[]
  alerts: PlannedAlert[]
}

/** Days of data before the reference day: two years and the lead-in of the first service season. */
export const WINDOW_DAYS = 822
const GESTATION = 283
const NEVER = Number.POSITIVE_INFINITY

interface Pregnancy {
  conception: number
  father: string
  kind: 'IA' | 'natural'
  serviceStart: number
  lost: boolean
}

interface Beast {
  index: number
  kind: 'cow' | 'calf' | 'bull' | 'feeder'
  sex: Sex
  dob: number
  crop: number
  breed: Breed
  color: Color
  birthType: string | null
  weightAtBirth: number | null
  mother: number
  father: string | null
  checkInType: CheckInType
  checkInDay: number
  origin: string | null
  checkOutType: CheckOutType | null
  checkOutDay: number
  weanDay: number
  replacement: boolean
  steer: boolean
  firstServiceSeason: number
  firstServiceDay: number
  firstCalving: number
  parity: number
  lastCalving: number
  pregnancy: Pregnancy | null
  cull: { as: AnimalType; day: number } | null
  growth: number
  preWeanAdg: number
  lastAi: { bull: string; day: number } | null
}

interface ServedFemale {
  beast: Beast
  start: number
}

const CROSSES: Record<string, Breed> = {
  'Angus|Brahman': 'Brangus',
  'Angus|Nelore': 'Brangus',
  'Brahman|Hereford': 'Braford',
  'Hereford|Nelore': 'Braford',
  'Angus|Limousin': 'Limangus',
}

function calfBreed(dam: Breed, sire: Breed): Breed {
  if (dam === sire) return dam
  const key = [dam, sire].sort().join('|')
  return CROSSES[key] ?? (dam === 'Mestizo' ? 'Mestizo' : 'Cruza')
}

function colorOf(rng: Random, breed: Breed): Color {
  switch (breed) {
    case 'Angus':
    case 'Wagyu':
      return rng.chance(0.9) ? 'negro' : 'colorado'
    case 'Brangus':
      return rng.chance(0.75) ? 'negro' : 'colorado'
    case 'Limangus':
      return rng.chance(0.6) ? 'negro' : 'colorado'
    case 'Hereford':
    case 'Limousin':
    case 'Bonsmara':
      return 'colorado'
    case 'Braford':
    case 'Shorthon':
      return rng.chance(0.7) ? 'colorado' : 'otro'
    case 'Brahman':
    case 'Nelore':
    case 'Charolais':
    case 'Holando Arg':
      return 'otro'
    default:
      return rng.weighted([
        ['negro', 45],
        ['colorado', 35],
        ['otro', 20],
      ] as const)
  }
}

const roundHalf = (x: number) => Math.round(x * 2) / 2

/** Body condition on the 1–5 scale, as its lookup description. */
function bodyCondition(score: number) {
  const s = Math.min(4.5, Math.max(1.5, roundHalf(score)))
  return Number.isInteger(s) ? String(s) : s.toFixed(1)
}

interface SimulationResult {
  beasts: Beast[]
  sessions: Map<string, PlannedSession>
  inseminations: (Omit<PlannedInsemination, 'animal' | 'order' | 'time'> & { beast: Beast })[]
  pregnancyChecks: (Omit<PlannedPregnancyCheck, 'animal' | 'order' | 'time'> & { beast: Beast })[]
  preservices: (Omit<PlannedPreservice, 'animal' | 'order' | 'time'> & { beast: Beast })[]
  bodyConditions: (Omit<PlannedBodyCondition, 'animal'> & { beast: Beast })[]
  weighDays: { day: number; name: string; description: string; calvesOnly: boolean }[]
}

/** Whether the animal is on the establishment during that day. */
const present = (b: Beast, day: number) => b.checkInDay <= day && b.checkOutDay > day

function simulate(profile: HerdProfile, reference: number, initialCows: number): SimulationResult {
  const rng = new Random(profile.key).fork('herd')
  const R = reference
  const windowStart = R - WINDOW_DAYS
  const Y = yearOf(R)
  const s0 = Y - 4
  const inWindow = (day: number) => day >= windowStart && day <= R
  const beasts: Beast[] = []
  const sessions = new Map<string, PlannedSession>()
  const result: SimulationResult = {
    beasts,
    sessions,
    inseminations: [],
    pregnancyChecks: [],
    preservices: [],
    bodyConditions: [],
    weighDays: [],
  }
  const openSession = (name: string, day: number, work: PlannedSession['work'], description: string) => {
    if (!sessions.has(name)) sessions.set(name, { name, day, work, description })
    return name
  }
  const purchaseOrigins = profile.origins
  const sireAliases = profile.sires.map((s) => s.alias)
  const sireBreed = new Map<string, Breed>(profile.sires.map((s) => [s.alias, s.breed]))

  const newBeast = (fields: Partial<Beast> & Pick<Beast, 'kind' | 'sex' | 'dob' | 'breed'>): Beast => {
    const b: Beast = {
      index: beasts.length,
      crop: yearOf(fields.dob),
      color: colorOf(rng, fields.breed),
      birthType: null,
      weightAtBirth: null,
      mother: -1,
      father: null,
      checkInType: 'Nacimiento',
      checkInDay: fields.dob,
      origin: null,
      checkOutType: null,
      checkOutDay: NEVER,
      weanDay: NEVER,
      replacement: false,
      steer: false,
      firstServiceSeason: NEVER,
      firstServiceDay: NEVER,
      firstCalving: NEVER,
      parity: 0,
      lastCalving: Number.NEGATIVE_INFINITY,
      pregnancy: null,
      cull: null,
      growth: rng.normalIn(1, 0.1, 0.8, 1.2),
      preWeanAdg: rng.normalIn(fields.sex === 'Macho' ? 0.82 : 0.77, 0.07, 0.6, 0.95),
      lastAi: null,
      ...fields,
    }
    beasts.push(b)
    return b
  }
  const leave = (b: Beast, type: CheckOutType, day: number) => {
    if (day < b.checkOutDay && day >= b.checkInDay) {
      b.checkOutDay = day
      b.checkOutType = type
    }
  }

  // Weighing sessions: one a season, the autumn one being the weaning.
  const weighDays = result.weighDays
  for (let y = s0 - 1; y <= Y + 1; y++) {
    weighDays.push(
      {
        day: dayOfYmd(y, 3, 12),
        name: `Pesada Destete ${y}`,
        description: `Destete de los terneros nacidos en ${y - 1}; pesada de la recría y del engorde.`,
        calvesOnly: false,
      },
      {
        day: dayOfYmd(y, 6, 15),
        name: `Pesada Invierno ${y}`,
        description: 'Pesada de control de la recría y del engorde.',
        calvesOnly: false,
      },
      {
        day: dayOfYmd(y, 9, 10),
        name: `Pesada Primavera ${y}`,
        description: 'Pesada de la recría, de las vaquillonas antes del servicio y del engorde.',
        calvesOnly: false,
      },
      {
        day: dayOfYmd(y, 12, 5),
        name: `Pesada Verano ${y}`,
        description: 'Pesada de control de la recría y del engorde.',
        calvesOnly: false,
      },
    )
  }
  weighDays.push({
    day: dayOfYmd(Y, 10, 20),
    name: `Pesada Control Terneros ${Y}`,
    description: `Control de crecimiento de los terneros de la parición ${Y} al pie de la madre.`,
    calvesOnly: true,
  })
  weighDays.sort((a, b) => a.day - b.day)
  const saleDayBetween = (from: number, to: number) => {
    const options = weighDays.filter((w) => !w.calvesOnly && w.day >= from && w.day <= to)
    return options.length > 0 ? rng.pick(options).day : to
  }

  // --- The herd when the simulation starts, before the first season -----------------------------
  const T0 = dayOfYmd(s0, 3, 1)
  const pregnancyAtStart = (b: Beast) => {
    if (!rng.chance(0.86)) return
    const ci = dayOfYmd(s0 - 1, 11, 8)
    const byAi = rng.chance(0.5)
    b.pregnancy = byAi
      ? { conception: ci, father: rng.pick(sireAliases), kind: 'IA', serviceStart: ci, lost: false }
      : {
          conception: ci + 10 + Math.floor(75 * rng.next() ** 1.4),
          father: NATURAL_SERVICE_BULL,
          kind: 'natural',
          serviceStart: ci,
          lost: false,
        }
  }
  const calvingSeasonDay = (year: number) => dayOfYmd(year, 7, 15) + Math.floor(100 * rng.next() ** 1.3)

  for (let k = 0; k < initialCows; k++) {
    const birthYear =
      s0 -
      rng.weighted([
        [4, 20],
        [5, 18],
        [6, 17],
        [7, 15],
        [8, 13],
        [9, 10],
        [10, 7],
      ] as const)
    const dob = calvingSeasonDay(birthYear)
    const bought = rng.chance(0.25)
    const breed = rng.weighted(profile.cowBreeds)
    const b = newBeast({
      kind: 'cow',
      sex: 'Hembra',
      dob,
      breed,
      checkInType: bought ? 'Compra' : 'Nacimiento',
      checkInDay: bought ? Math.min(T0 - 30, dob + rng.int(450, 900)) : dob,
      origin: bought ? rng.pick(purchaseOrigins) : null,
      weightAtBirth: !bought && rng.chance(0.6) ? roundHalf(rng.normalIn(34, 3.5, 26, 44)) : null,
      birthType: !bought && rng.chance(0.6) ? 'Normal' : null,
      replacement: true,
      weanDay: dob + 200,
      parity: s0 - birthYear - 3,
      firstServiceDay: dayOfYmd(birthYear + 2, 8, 28),
      firstCalving: dayOfYmd(birthYear + 3, 8, 1),
      lastCalving: dayOfYmd(s0 - 1, 8, 1) + rng.int(-20, 60),
    })
    pregnancyAtStart(b)
  }
  // Replacement heifers already weaned: first service this season and next.
  for (const [cropYear, share] of [
    [s0 - 2, 0.23],
    [s0 - 1, 0.24],
  ] as const) {
    const count = Math.round(initialCows * share)
    for (let k = 0; k < count; k++) {
      const dob = calvingSeasonDay(cropYear)
      newBeast({
        kind: 'calf',
        sex: 'Hembra',
        dob,
        breed: rng.weighted(profile.cowBreeds),
        weightAtBirth: roundHalf(rng.normalIn(34, 3.5, 26, 44)),
        birthType: 'Normal',
        replacement: true,
        firstServiceSeason: cropYear + 2,
        weanDay: dayOfYmd(cropYear + 1, 3, 12),
      })
    }
  }
  // Mothers of the animals born before the simulation: cows at least ~3 years older that were on
  // the farm then, one calf a year each. Drawn at random from the older ones (sorted by birth).
  const startFemales = beasts.filter((b) => b.sex === 'Hembra').sort((a, b) => a.dob - b.dob)
  const calvedIn = new Set<string>()
  let older = 0
  for (const child of startFemales) {
    while (older < startFemales.length && (startFemales[older] as Beast).dob <= child.dob - 1000) older++
    if (older === 0 || child.checkInType !== 'Nacimiento' || !rng.chance(0.65)) continue
    for (let attempt = 0; attempt < 8; attempt++) {
      const m = startFemales[rng.int(0, older - 1)] as Beast
      if (m.checkInDay > child.dob || calvedIn.has(`${m.index}/${child.crop}`)) continue
      child.mother = m.index
      calvedIn.add(`${m.index}/${child.crop}`)
      break
    }
  }

  const bullCount = Math.max(3, Math.round(initialCows * 0.035))
  const buyBull = (day: number, age: number) =>
    newBeast({
      kind: 'bull',
      sex: 'Macho',
      dob: calvingSeasonDay(yearOf(day - Math.round(age * 365))),
      breed: rng.weighted(profile.bullBreeds),
      checkInType: 'Compra',
      checkInDay: day,
      origin: rng.pick(purchaseOrigins),
      weanDay: 0,
    })
  for (let k = 0; k < bullCount; k++) buyBull(T0 - rng.int(30, 900), rng.between(2.5, 5.5))

  let servedLastSeason: ServedFemale[] = []

  for (let s = s0; s <= Y; s++) {
    const yearStart = dayOfYmd(s, 1, 1)

    // Deaths, losses and transfers of the year (calves' own deaths are decided at birth).
    for (const b of beasts) {
      if (!present(b, yearStart) || b.weanDay > yearStart) continue
      const adult = b.kind === 'bull' || b.parity > 0
      const r = rng.next()
      const day = yearStart + rng.int(0, 364)
      if (r < (adult ? 0.011 : 0.008)) leave(b, 'Muerte', day)
      else if (r < 0.012) leave(b, 'Extravío', day)
      else if (r < 0.015 && b.parity > 0) leave(b, 'Traslado', day)
    }

    // In the autumn the old bulls are sold and the team is brought back to strength.
    const autumn = dayOfYmd(s, 4, 15) + rng.int(0, 60)
    let bulls = 0
    for (const b of beasts) {
      if (b.kind !== 'bull' || !present(b, autumn)) continue
      if ((autumn - b.dob) / 365.25 >= 7.5) leave(b, rng.chance(0.7) ? 'Venta' : 'Faena', autumn)
      else bulls++
    }
    for (; bulls < bullCount && autumn <= R; bulls++) buyBull(autumn, rng.between(2, 3))

    // Final palpation of last season's service, culling the empty and the old.
    const FT = dayOfYmd(s, 3, 12)
    if (s > s0) {
      const tacto = `Tacto final ${s - 1}/${String(s).slice(2)}`
      for (const { beast: b, start } of servedLastSeason) {
        if (!present(b, FT)) continue
        let p = b.pregnancy
        if (p?.lost) {
          b.pregnancy = null
          p = null
        }
        const detail: PregnancyCheckDetail = !p
          ? 'Vacia'
          : p.kind === 'IA'
            ? 'IA'
            : p.conception - start < 33
              ? 'Cabeza'
              : p.conception - start < 56
                ? 'Cuerpo'
                : 'Cola'
        if (inWindow(FT)) {
          openSession(
            tacto,
            FT,
            2,
            `Tacto rectal de fin de servicio ${s - 1}/${String(s).slice(2)}: preñez por IA o por repaso (cabeza, cuerpo, cola) y vacías a descarte.`,
          )
          result.pregnancyChecks.push({
            beast: b,
            session: tacto,
            day: FT,
            detail,
            ultrasound: rng.chance(0.1),
          })
          if (b.parity >= 1 && rng.chance(0.6)) {
            result.bodyConditions.push({
              beast: b,
              session: tacto,
              day: FT,
              detail: bodyCondition(rng.normal(3.1, 0.45)),
            })
          }
        }
        const age = (FT - b.dob) / 365.25
        if (!p) {
          if (b.parity === 0) {
            b.cull = { as: 'Vaq Engorde', day: FT }
            leave(b, rng.chance(0.8) ? 'Venta' : 'Faena', saleDayBetween(FT + 60, FT + 270))
          } else {
            b.cull = { as: 'Vaca Rechazo', day: FT }
            leave(b, rng.chance(0.8) ? 'Venta' : 'Faena', FT + rng.int(30, 270))
          }
        } else if (age >= 10) {
          b.cull = { as: 'Vaca Cut', day: FT }
          leave(b, 'Venta', FT + rng.int(40, 320))
        } else if (rng.chance(0.02)) {
          b.pregnancy = null // abortion after the palpation
          // A heifer that lost her first calf is sold as a cull, as an open heifer is: kept, she
          // would stay 'Vaq 1 serv' for years (never served again, never calving).
          if (b.parity === 0) {
            b.cull = { as: 'Vaq Engorde', day: FT }
            leave(b, 'Venta', FT + 60)
          }
        }
      }
    }

    // Weaning of last year's calves: sales, steers, and the heaviest heifers kept as replacements.
    if (s > s0) {
      const crop = beasts.filter((b) => b.kind === 'calf' && b.crop === s - 1 && present(b, FT))
      const heifers: Beast[] = []
      for (const b of crop) {
        b.weanDay = FT
        if (b.sex === 'Macho') {
          if (rng.chance(profile.maleSaleAtWeaning)) leave(b, 'Venta', FT)
          else {
            b.steer = true
            leave(b, rng.chance(0.35) ? 'Faena' : 'Venta', saleDayBetween(b.dob + 670, b.dob + 910))
          }
        } else heifers.push(b)
      }
      const weaningWeight = (b: Beast) => (b.weightAtBirth ?? 34) + b.preWeanAdg * (FT - b.dob)
      heifers.sort((a, b) => weaningWeight(b) - weaningWeight(a))
      const keep = Math.round(heifers.length * profile.replacementShare)
      heifers.forEach((b, i) => {
        if (i < keep) {
          b.replacement = true
          b.firstServiceSeason = s + 1
        } else if (rng.chance(profile.femaleSaleAtWeaning)) leave(b, 'Venta', FT)
        else leave(b, rng.chance(0.7) ? 'Venta' : 'Faena', saleDayBetween(b.dob + 550, b.dob + 790))
      })
    }

    // Calving: the pregnancies of last season's service.
    for (const mother of beasts) {
      const p = mother.pregnancy
      // Last season's conceptions run from the heifers' IATF (September) into February.
      if (!p || p.conception >= dayOfYmd(s, 6, 1) || p.conception < dayOfYmd(s - 1, 6, 1)) continue
      const dob = p.conception + GESTATION + Math.round(rng.normal(0, 4))
      if (!present(mother, dob) || dob > R) {
        if (dob <= R) mother.pregnancy = null
        continue
      }
      mother.pregnancy = null
      const twins = rng.chance(0.015)
      const heifer = mother.parity === 0
      const birthType = twins
        ? 'Mellizo'
        : rng.weighted([
            ['Normal', heifer ? 86 : 95.3],
            ['Asistido', heifer ? 12 : 4],
            ['Cesárea', heifer ? 2 : 0.7],
          ] as const)
      const sire =
        p.father === NATURAL_SERVICE_BULL ? rng.weighted(profile.bullBreeds) : sireBreed.get(p.father)
      for (let k = 0; k < (twins ? 2 : 1); k++) {
        const sex: Sex = rng.chance(0.5) ? 'Macho' : 'Hembra'
        const calf = newBeast({
          kind: 'calf',
          sex,
          dob,
          breed: calfBreed(mother.breed, sire ?? mother.breed),
          birthType,
          weightAtBirth: roundHalf(
            rng.normalIn(35 + (sex === 'Macho' ? 1.5 : 0) - (heifer ? 2 : 0) - (twins ? 5 : 0), 3.6, 25, 45),
          ),
          mother: mother.index,
          father: p.father,
        })
        if (rng.chance(0.025)) leave(calf, 'Muerte', dob + rng.int(0, 20))
      }
      mother.parity += 1
      if (mother.firstCalving === NEVER) mother.firstCalving = dob
      mother.lastCalving = dob
    }

    const servedThisSeason: ServedFemale[] = []
    const seasonSires = rng.sample(sireAliases, Math.min(sireAliases.length, 3))
    const pickSire = () =>
      rng.weighted(seasonSires.map((alias, i) => [alias, [50, 30, 20][i] ?? 10] as const))
    const inseminator = () => rng.int(0, profile.inseminators.length - 1)
    const naturalService = (b: Beast, from: number, to: number, probability: number, start: number) => {
      if (from > to || !rng.chance(probability)) return
      b.pregnancy = {
        conception: from + Math.floor((to - from) * rng.next() ** 1.3),
        father: NATURAL_SERVICE_BULL,
        kind: 'natural',
        serviceStart: start,
        lost: rng.chance(0.02),
      }
    }

    // Heifers' first service, a month ahead of the cows.
    const HP = dayOfYmd(s, 8, 28)
    const HI = dayOfYmd(s, 9, 28)
    const HD = dayOfYmd(s, 10, 31)
    for (const b of beasts) {
      if (b.firstServiceSeason !== s || b.parity > 0 || !present(b, HP)) continue
      const score = b.growth + rng.normal(0, 0.12)
      const grade: ReproductiveGrade = score > 1.06 ? '4' : score > 0.95 ? '3' : score > 0.85 ? '2' : '1'
      const ovarian: OvarianStatus =
        grade === '1'
          ? rng.chance(0.7)
            ? 'No apta'
            : 'Anestro prof'
          : grade === '2'
            ? rng.weighted([
                ['Anestro prof', 35],
                ['Anestro sup', 45],
                ['Ciclando', 20],
              ] as const)
            : grade === '3'
              ? rng.chance(0.7)
                ? 'Ciclando'
                : 'Anestro sup'
              : rng.chance(0.95)
                ? 'Ciclando'
                : 'Anestro sup'
      b.firstServiceDay = HP
      if (inWindow(HP)) {
        const name = openSession(
          `Preservicio Vaquillonas ${s}`,
          HP,
          3,
          'Ecografía de preservicio de vaquillonas de primer servicio: grado de desarrollo reproductivo y estado ovárico.',
        )
        result.preservices.push({ beast: b, session: name, day: HP, grade, ovarian })
      }
      if (grade === '1') {
        b.cull = { as: 'Vaq Engorde', day: HP }
        leave(b, rng.chance(0.8) ? 'Venta' : 'Faena', saleDayBetween(HP + 30, HP + 240))
        continue
      }
      if (present(b, HI) && rng.chance(0.97)) {
        const bull = pickSire()
        if (inWindow(HI)) {
          const name = openSession(
            `IATF Vaquillonas ${s}`,
            HI,
            1,
            'IATF de vaquillonas de primer servicio, protocolo de 7 días con dispositivo intravaginal.',
          )
          result.inseminations.push({ beast: b, session: name, day: HI, bull, inseminator: inseminator() })
          b.lastAi = { bull, day: HI }
        }
        const conceived = rng.chance(grade === '4' ? 0.62 : grade === '3' ? 0.55 : 0.45)
        if (conceived)
          b.pregnancy = { conception: HI, father: bull, kind: 'IA', serviceStart: HI, lost: rng.chance(0.04) }
        if (!conceived) naturalService(b, HI + 10, HI + 80, 0.85, HI)
        else if (b.pregnancy?.lost && rng.chance(0.5)) naturalService(b, HD + 5, HI + 80, 1, HI)
        if (inWindow(HD) && present(b, HD)) {
          const name = openSession(
            `Diagnóstico IATF Vaquillonas ${s}`,
            HD,
            2,
            'Diagnóstico de gestación por ecografía a los 33 días de la IATF de vaquillonas.',
          )
          result.pregnancyChecks.push({
            beast: b,
            session: name,
            day: HD,
            detail: conceived ? 'IA' : 'Vacia',
            ultrasound: true,
          })
        }
      } else naturalService(b, HI + 10, HI + 80, 0.85, HI)
      servedThisSeason.push({ beast: b, start: HI })
    }

    // Cows (and heifers with one calf) go to service in November.
    const CP = dayOfYmd(s, 10, 5)
    const CI = dayOfYmd(s, 11, 8)
    const CD = dayOfYmd(s, 12, 18)
    for (const b of beasts) {
      if (b.sex !== 'Hembra' || b.parity < 1 || b.cull || !present(b, CP)) continue
      const calvedThisSeason = yearOf(b.lastCalving) === s
      const stillPregnant = b.pregnancy !== null || (calvedThisSeason && b.lastCalving > CP)
      let ovarian: OvarianStatus | null = null
      let condition = 3
      if (rng.chance(profile.cowPreserviceShare)) {
        condition = rng.normalIn(3 - (calvedThisSeason && CP - b.lastCalving < 60 ? 0.3 : 0), 0.45, 1.5, 4.5)
        ovarian = stillPregnant
          ? 'Preñada'
          : rng.chance(0.02)
            ? 'No apta'
            : condition <= 2.25
              ? rng.weighted([
                  ['Anestro prof', 55],
                  ['Anestro sup', 40],
                  ['Ciclando', 5],
                ] as const)
              : condition <= 2.75
                ? rng.weighted([
                    ['Anestro sup', 45],
                    ['Anestro prof', 20],
                    ['Ciclando', 35],
                  ] as const)
                : rng.weighted([
                    ['Ciclando', 70],
                    ['Anestro sup', 25],
                    ['Anestro prof', 5],
                  ] as const)
        if (inWindow(CP)) {
          const name = openSession(
            `Preservicio Vacas ${s}`,
            CP,
            3,
            'Ecografía de preservicio del rodeo de cría: estado ovárico y condición corporal.',
          )
          result.preservices.push({ beast: b, session: name, day: CP, grade: null, ovarian })
          result.bodyConditions.push({ beast: b, session: name, day: CP, detail: bodyCondition(condition) })
        }
      }
      if (!present(b, CI)) continue
      servedThisSeason.push({ beast: b, start: CI })
      if (ovarian === 'No apta' || b.pregnancy) continue
      const eligible =
        b.lastCalving <= CI - 45 &&
        ovarian !== 'Preñada' &&
        (ovarian === 'Anestro prof' ? rng.chance(0.4) : rng.chance(0.94))
      const naturalFrom = Math.max(CI + 10, b.lastCalving + 50)
      const naturalChance = condition <= 2 ? 0.65 : 0.85
      if (!eligible) {
        naturalService(b, naturalFrom, CI + 85, naturalChance, CI)
        continue
      }
      const bull = pickSire()
      if (inWindow(CI)) {
        const name = openSession(
          `IATF Primavera ${s}`,
          CI,
          1,
          'IATF del rodeo de cría con protocolo J-Synch; repaso con toros desde los 10 días.',
        )
        result.inseminations.push({ beast: b, session: name, day: CI, bull, inseminator: inseminator() })
        b.lastAi = { bull, day: CI }
      }
      const conceived = rng.chance(
        ovarian === 'Ciclando'
          ? 0.58
          : ovarian === 'Anestro sup'
            ? 0.48
            : ovarian === 'Anestro prof'
              ? 0.35
              : 0.52,
      )
      if (conceived)
        b.pregnancy = { conception: CI, father: bull, kind: 'IA', serviceStart: CI, lost: rng.chance(0.035) }
      else naturalService(b, naturalFrom, CI + 85, naturalChance, CI)
      if (inWindow(CD) && present(b, CD)) {
        const name = openSession(
          `Diagnóstico IATF Vacas ${s}`,
          CD,
          2,
          'Diagnóstico de gestación por ecografía a los 40 días de la IATF del rodeo de cría.',
        )
        const p = b.pregnancy as Pregnancy | null
        const detail: PregnancyCheckDetail = conceived
          ? 'IA'
          : p && CD - p.conception >= 26
            ? 'Embrión'
            : 'Vacia'
        result.pregnancyChecks.push({ beast: b, session: name, day: CD, detail, ultrasound: true })
      }
    }
    servedLastSeason = servedThisSeason
  }
  return result
}

/** The rows of one establishment: the herd at `reference` and its last two years of work. */
export function planHerd(profile: HerdProfile, reference: number): HerdPlan {
  const windowStart = reference - WINDOW_DAYS
  const kept = (sim: SimulationResult) =>
    sim.beasts.filter((b) => b.checkInDay <= reference && b.checkOutDay >= windowStart)

  // The herd size that yields the requested number of rows: one trial run, then a second sized
  // a little over, so that only the youngest calves need trimming.
  let cows = Math.max(20, Math.round(profile.animals / 3.6))
  let sim = simulate(profile, reference, cows)
  for (let attempt = 0; attempt < 6; attempt++) {
    const count = kept(sim).length
    if (count >= profile.animals && count <= profile.animals * 1.04 + 5) break
    cows = Math.max(
      20,
      Math.round((cows * profile.animals * 1.02) / Math.max(1, count)) + (attempt > 2 ? 2 : 0),
    )
    sim = simulate(profile, reference, cows)
  }
  let beasts = kept(sim).sort((a, b) => a.dob - b.dob || a.index - b.index)
  if (beasts.length > profile.animals) {
    // The calves born last are not tagged yet: they are the ones left out.
    const excess = beasts.length - profile.animals
    const dropped = new Set(
      beasts
        .filter((b) => b.kind === 'calf' && b.weanDay === NEVER)
        .slice(-excess)
        .map((b) => b.index),
    )
    beasts = beasts.filter((b) => !dropped.has(b.index))
  }
  const rng = new Random(profile.key)
  if (beasts.length < profile.animals) {
    beasts.push(...buyFeeders(rng.fork('feeders'), profile, sim, reference, profile.animals - beasts.length))
    beasts.sort((a, b) => a.dob - b.dob || a.index - b.index)
  }
  return assemble(profile, reference, sim, beasts, rng)
}

/** Steers bought for fattening, only when the simulated herd falls short of the requested size. */
function buyFeeders(rng: Random, profile: HerdProfile, sim: SimulationResult, R: number, count: number) {
  const day = [...sim.weighDays].reverse().find((w) => !w.calvesOnly && w.day <= R)?.day ?? R
  const out: Beast[] = []
  for (let k = 0; k < count; k++) {
    const dob = day - rng.int(240, 420)
    const breed = rng.weighted(profile.cowBreeds)
    const b: Beast = {
      index: sim.beasts.length + k,
      kind: 'feeder',
      sex: 'Macho',
      dob,
      crop: yearOf(dob),
      breed,
      color: colorOf(rng, breed),
      birthType: null,
      weightAtBirth: null,
      mother: -1,
      father: null,
      checkInType: 'Compra',
      checkInDay: day,
      origin: rng.pick(profile.origins),
      checkOutType: null,
      checkOutDay: NEVER,
      weanDay: day,
      replacement: false,
      steer: true,
      firstServiceSeason: NEVER,
      firstServiceDay: NEVER,
      firstCalving: NEVER,
      parity: 0,
      lastCalving: Number.NEGATIVE_INFINITY,
      pregnancy: null,
      cull: null,
      growth: rng.normalIn(1, 0.1, 0.8, 1.2),
      preWeanAdg: rng.normalIn(0.8, 0.07, 0.6, 0.95),
      lastAi: null,
    }
    out.push(b)
  }
  return out
}

/**
 * Adult weight of a cow of each breed on Argentine pasture (kg), the centre of the 400–550 kg range
 * of docs/demo-data.md; British breeds lighter, zebu crosses and continental breeds heavier.
 */
const COW_WEIGHT: Partial<Record<Breed, number>> = {
  Angus: 460,
  Hereford: 475,
  Limangus: 480,
  Brangus: 480,
  Braford: 485,
  Brahman: 470,
  Nelore: 445,
  Shorthon: 490,
  Limousin: 510,
  Charolais: 530,
  Bonsmara: 475,
  Wagyu: 430,
  'Holando Arg': 520,
  Mestizo: 430,
}

/** The weight an animal grows towards: ±10% around its breed's cow, a steer ×1.25, a bull ×1.7. */
function matureWeight(b: Beast) {
  const cow = (COW_WEIGHT[b.breed] ?? 455) * (1 + (b.growth - 1) * 0.5)
  if (b.kind === 'bull') return cow * 1.7
  return b.sex === 'Macho' ? cow * 1.25 : cow
}

/** Daily gain of a young animal on pasture by season, before it slows near its adult weight. */
function seasonalGain(day: number) {
  const m = monthOf(day)
  return m === 12 || m <= 2 ? 0.55 : m <= 5 ? 0.4 : m <= 8 ? 0.18 : 0.72
}

function categoryOf(b: Beast, day: number): AnimalType {
  if (b.kind === 'bull') return 'Toro'
  const ageMonths = (day - b.dob) / 30.44
  if (b.sex === 'Macho') {
    if (b.weanDay > day - 1 && b.kind !== 'feeder') return 'Ternero'
    return ageMonths < 18 ? 'Nov Recría' : 'Nov Engorde'
  }
  if (b.cull && b.cull.day <= day) return b.cull.as
  if (b.parity >= 2) return 'Vaca'
  if (b.parity === 1) return 'Vaq 2 serv'
  if (b.weanDay > day - 1) return 'Ternera'
  if (b.replacement) return b.firstServiceDay <= day ? 'Vaq 1 serv' : 'Vaq Recría'
  return 'Vaq Engorde'
}

const RODEO_OF_CATEGORY: Record<AnimalType, readonly string[]> = {
  Vaca: ['Rodeo General'],
  'Vaq 2 serv': ['Vaquillonas', 'Rodeo General'],
  'Vaq 1 serv': ['Vaquillonas', 'Recría'],
  'Vaq Recría': ['Recría', 'Vaquillonas'],
  'Nov Recría': ['Recría', 'Engorde'],
  'Vaq Engorde': ['Engorde', 'Recría'],
  'Nov Engorde': ['Engorde', 'Recría'],
  'Vaca Rechazo': ['Vacas de Descarte', 'Engorde'],
  'Vaca Cut': ['Vacas de Descarte', 'Engorde'],
  Toro: ['Toros'],
  Ternero: [],
  Ternera: [],
}

function rodeoOf(profile: HerdProfile, type: AnimalType, motherRodeo: string | undefined) {
  if ((type === 'Ternero' || type === 'Ternera') && motherRodeo) return motherRodeo
  return RODEO_OF_CATEGORY[type].find((r) => profile.rodeos.includes(r)) ?? 'Rodeo General'
}

const NOTES = {
  insemination: ['Celo visible al momento de inseminar', 'Inseminación dificultosa', 'Perdió el dispositivo'],
  pregnancyCheck: [
    'Quiste ovárico',
    'Útero con contenido, revisar',
    'Revisar en el próximo tacto',
    'Freemartin',
  ],
  preservice: ['Baja condición corporal', 'Tracto infantil', 'Cuerpo lúteo presente'],
  weighing: ['Renguera leve', 'Diarrea', 'Tos', 'Caravana electrónica reemplazada', 'Ojo irritado'],
  rider: [
    'Parió sin asistencia en el potrero',
    'Vista rengueando en el potrero',
    'Encontrada en el lote vecino',
    'Ternero al pie sin caravana',
    'Bicheras en el ombligo, curada',
  ],
} as const

const ALERTS: readonly { description: string; fits: (a: PlannedAnimal) => boolean }[] = [
  {
    description: 'Vender',
    fits: (a) => ['Vaca Rechazo', 'Vaca Cut', 'Nov Engorde', 'Vaq Engorde'].includes(a.type),
  },
  { description: 'Revisar pezuña', fits: (a) => !['Ternero', 'Ternera'].includes(a.type) },
  { description: 'Control sanitario', fits: () => true },
  { description: 'Revisar ubre', fits: (a) => ['Vaca', 'Vaq 2 serv'].includes(a.type) },
  { description: 'Repetir tacto', fits: (a) => ['Vaca', 'Vaq 2 serv', 'Vaq 1 serv'].includes(a.type) },
  { description: 'Colocar caravana electrónica', fits: (a) => a.electronicTag === null },
  { description: 'Vacunar contra mancha', fits: (a) => ['Ternero', 'Ternera'].includes(a.type) },
]

function assemble(
  profile: HerdProfile,
  R: number,
  sim: SimulationResult,
  beasts: Beast[],
  rng: Random,
): HerdPlan {
  const windowStart = R - WINDOW_DAYS
  const position = new Map<number, number>()
  beasts.forEach((b, i) => {
    position.set(b.index, i)
  })
  const ids = rng.fork('ids')
  const tags = rng.fork('tags')
  const misc = rng.fork('misc')

  // Visual tags: the birth year and a running number for animals born here, C… for bought ones,
  // T… for bulls; the numbers follow the order of birth, as when a crop is tagged.
  const perYear = new Map<number, number>()
  for (const b of beasts)
    if (b.checkInType === 'Nacimiento') perYear.set(b.crop, (perYear.get(b.crop) ?? 0) + 1)
  const width = Math.max(3, String(Math.max(0, ...perYear.values())).length)
  const bought = beasts.filter((b) => b.kind !== 'bull' && b.checkInType !== 'Nacimiento').length
  const boughtWidth = Math.max(4, String(bought).length)
  const seq = new Map<number, number>()
  let boughtSeq = 0
  let bullSeq = 0
  let serial = tags.int(1_000_000, 9_000_000)
  const electronicPrefix = `032${String(profile.tagBlock).padStart(4, '0')}`

  const animals: PlannedAnimal[] = []
  for (const b of beasts) {
    let visualTag: string
    if (b.kind === 'bull') visualTag = `T${String(++bullSeq).padStart(2, '0')}`
    else if (b.checkInType === 'Nacimiento') {
      const n = (seq.get(b.crop) ?? 0) + 1
      seq.set(b.crop, n)
      visualTag = `${String(b.crop).slice(2)}${String(n).padStart(width, '0')}`
    } else visualTag = `C${String(++boughtSeq).padStart(boughtWidth, '0')}`
    const rfidShare = b.crop >= yearOf(R) ? 0.65 : b.crop >= yearOf(R) - 4 ? 0.95 : 0.8
    serial += tags.int(1, 3)
    const electronicTag = tags.chance(rfidShare)
      ? `${electronicPrefix}${String(serial).padStart(8, '0')}`
      : null
    const gone = b.checkOutDay <= R
    const type = categoryOf(b, gone ? b.checkOutDay - 1 : R)
    animals.push({
      id: ids.uuid(),
      visualTag,
      electronicTag,
      cuig: electronicTag ? profile.cuig : null,
      senasa: electronicTag ? profile.renspa : null,
      rodeo: '',
      type,
      breed: b.breed,
      color: b.color,
      sex: b.sex,
      birthType: b.birthType,
      checkInType: b.checkInType,
      checkInDay: b.checkInDay,
      checkOutType: gone ? b.checkOutType : null,
      checkOutDay: gone ? b.checkOutDay : null,
      origin: b.origin,
      owner:
        profile.owners.length > 1 && misc.chance(0.12)
          ? (profile.owners[1] as string)
          : (profile.owners[0] as string),
      status: gone && b.checkOutType ? STATUS_OF_CHECK_OUT[b.checkOutType] : 'Activo',
      dob: b.dob,
      weightAtBirth: b.weightAtBirth,
      father: b.father,
      motherId: null,
      serviceBull: b.lastAi && b.lastAi.day <= R ? b.lastAi.bull : null,
      serviceDay: b.lastAi && b.lastAi.day <= R ? b.lastAi.day : null,
    })
  }
  beasts.forEach((b, i) => {
    const a = animals[i] as PlannedAnimal
    const m = b.mother >= 0 ? position.get(b.mother) : undefined
    const mother = m === undefined ? undefined : animals[m]
    a.motherId = mother?.id ?? null
    a.rodeo = rodeoOf(profile, a.type, mother && mother.checkOutDay === null ? mother.rodeo : undefined)
  })

  const at = (b: Beast) => position.get(b.index)
  const sessionsUsed = new Set<string>()
  const plan: HerdPlan = {
    profile,
    reference: R,
    windowStart,
    animals,
    sessions: [],
    inseminations: [],
    pregnancyChecks: [],
    preservices: [],
    weighings: [],
    bodyConditions: [],
    notes: [],
    alerts: [],
  }
  for (const { beast, ...e } of sim.inseminations) {
    const animal = at(beast)
    if (animal !== undefined) plan.inseminations.push({ ...e, animal, order: 0, time: 0 })
  }
  for (const { beast, ...e } of sim.pregnancyChecks) {
    const animal = at(beast)
    if (animal !== undefined) plan.pregnancyChecks.push({ ...e, animal, order: 0, time: 0 })
  }
  for (const { beast, ...e } of sim.preservices) {
    const animal = at(beast)
    if (animal !== undefined) plan.preservices.push({ ...e, animal, order: 0, time: 0 })
  }
  for (const { beast, ...e } of sim.bodyConditions) {
    const animal = at(beast)
    if (animal !== undefined) plan.bodyConditions.push({ ...e, animal })
  }
  for (const e of [
    ...plan.inseminations,
    ...plan.pregnancyChecks,
    ...plan.preservices,
    ...plan.bodyConditions,
  ]) {
    if (e.session) sessionsUsed.add(e.session)
  }

  // Weighings. Growing animals are weighed from weaning (or purchase) until sale or first calving,
  // on a growth curve that slows as they near their adult weight; cows at each weaning (the final
  // palpation day), bulls at the spring check before service. Ranges: docs/demo-data.md.
  const growth = rng.fork('weighings')
  const weigh = (
    animal: number,
    w: (typeof sim.weighDays)[number],
    weighingTime: WeighingTime,
    kg: number,
  ) => {
    plan.weighings.push({
      animal,
      session: w.name,
      day: w.day,
      time: 0,
      order: 0,
      weighingTime,
      weight: roundHalf(kg),
    })
    sessionsUsed.add(w.name)
  }
  beasts.forEach((b, i) => {
    const a = animals[i] as PlannedAnimal
    const adult = matureWeight(b)
    // Calves gain less at foot than the simulation's draw (which only ranks the heifers at weaning):
    // 0.6–0.85 kg/d, a 6–8-month calf weaned at 160–240 kg.
    const preWeanAdg = b.preWeanAdg * 0.9
    const birthWeight = b.weightAtBirth ?? 34
    if (b.kind === 'bull') {
      for (const w of sim.weighDays) {
        if (monthOf(w.day) !== 9 || w.calvesOnly || w.day < windowStart || w.day > R) continue
        if (!present(b, w.day)) continue
        if (!growth.chance(0.9)) continue
        const years = (w.day - b.dob) / 365.25
        weigh(
          i,
          w,
          'Servicio',
          adult * Math.min(1, 0.72 + 0.1 * (years - 2)) * growth.normalIn(1, 0.03, 0.93, 1.07),
        )
      }
      return
    }
    // Heifers reach their adult weight only after calving, at 4–5 years.
    const target = b.sex === 'Hembra' ? adult * 0.92 : adult
    const lastDay = Math.min(R, b.checkOutDay, b.firstCalving - 1)
    let weight = 0
    let previous = 0
    for (const w of sim.weighDays) {
      if (w.day < b.dob) continue
      if (w.day > lastDay) {
        // A cow (or a heifer after her first calf) at weaning: near her adult weight, the young
        // ones still growing, each in her own condition.
        const cow = b.kind === 'cow' || b.firstCalving <= w.day
        if (!cow || w.calvesOnly || monthOf(w.day) !== 3 || w.day < windowStart || w.day > R) continue
        if (!present(b, w.day)) continue
        if (!growth.chance(0.9)) continue
        const years = (w.day - b.dob) / 365.25
        weigh(
          i,
          w,
          'Control',
          adult * Math.min(1, 0.8 + 0.06 * (years - 2.5)) * growth.normalIn(0.97, 0.04, 0.87, 1.07),
        )
        continue
      }
      if (b.kind === 'cow') continue
      if (w.calvesOnly) {
        if (b.weanDay <= w.day || w.day - b.dob < 30 || w.day < windowStart || !present(b, w.day)) continue
        weigh(i, w, 'Control', birthWeight + preWeanAdg * (w.day - b.dob))
        continue
      }
      if (w.day < b.weanDay) continue
      if (w.day === b.weanDay) {
        weight =
          b.kind === 'feeder'
            ? birthWeight + preWeanAdg * 200 + 0.45 * (w.day - b.dob - 200)
            : birthWeight + preWeanAdg * (w.day - b.dob)
      } else {
        const mid = Math.round((previous + w.day) / 2)
        const fattening = (b.steer || a.type === 'Vaq Engorde') && w.day - b.dob > 450 ? 0.1 : 0
        const adg = Math.min(
          1.1,
          Math.max(
            0,
            (seasonalGain(mid) * b.growth + fattening) * (1 - (weight / target) ** 3) +
              growth.normal(0, 0.04),
          ),
        )
        weight += adg * (w.day - previous)
      }
      previous = w.day
      const sold = w.day === b.checkOutDay
      if (w.day < windowStart || (sold && b.checkOutType === 'Muerte') || (!present(b, w.day) && !sold))
        continue
      const months = (w.day - b.dob) / 30.44
      const weighingTime: WeighingTime =
        w.day === b.weanDay && b.kind !== 'feeder'
          ? 'Destete'
          : sold
            ? 'Venta'
            : months >= 11 && months < 13.5
              ? 'Año'
              : months >= 17 && months < 19.5
                ? '18 meses'
                : b.replacement && yearOf(w.day) === b.firstServiceSeason && monthOf(w.day) === 9
                  ? 'Servicio'
                  : 'Control'
      weigh(i, w, weighingTime, weight)
    }
  })
  for (const s of sim.sessions.values()) if (sessionsUsed.has(s.name)) plan.sessions.push(s)
  for (const w of sim.weighDays) {
    if (sessionsUsed.has(w.name))
      plan.sessions.push({ name: w.name, day: w.day, work: 7, description: w.description })
  }
  plan.sessions.sort((a, b) => a.day - b.day || a.work - b.work)

  // Chute order within each session; weighings are spread over the working day.
  const chute = rng.fork('chute')
  const order = (events: { session: string; order: number; time: number }[], timed: boolean) => {
    const bySession = new Map<string, { order: number; time: number }[]>()
    for (const e of events) {
      const list = bySession.get(e.session)
      if (list) list.push(e)
      else bySession.set(e.session, [e])
    }
    for (const list of bySession.values()) {
      chute.shuffle(list)
      const step = Math.min(45, Math.floor((11 * 3600) / Math.max(1, list.length)))
      list.forEach((e, k) => {
        e.order = k + 1
        e.time = timed ? 7 * 3600 + k * step : 0
      })
    }
  }
  order(plan.inseminations, false)
  order(plan.pregnancyChecks, false)
  order(plan.preservices, false)
  order(plan.weighings, true)

  // Notes: a few written at the chute, a few by the riders in the paddocks.
  const noteRng = rng.fork('notes')
  const sessionNotes = [
    [plan.inseminations, NOTES.insemination],
    [plan.pregnancyChecks, NOTES.pregnancyCheck],
    [plan.preservices, NOTES.preservice],
    [plan.weighings, NOTES.weighing],
  ] as const
  for (const [events, contents] of sessionNotes) {
    for (const e of events as readonly EventBase[]) {
      if (!noteRng.chance(0.012)) continue
      plan.notes.push({
        animal: e.animal,
        session: e.session,
        day: e.day,
        time: e.time || 9 * 3600,
        content: noteRng.pick(contents),
      })
    }
  }
  const presentNow = animals.map((_, i) => i).filter((i) => animals[i]?.checkOutDay === null)
  if (presentNow.length === 0) return plan
  const riderNotes = Math.round(animals.length * 0.01)
  for (let k = 0; k < riderNotes; k++) {
    const animal = noteRng.pick(presentNow)
    const day = R - noteRng.int(0, 120)
    if ((animals[animal] as PlannedAnimal).checkInDay > day) continue
    plan.notes.push({
      animal,
      session: null,
      day,
      time: noteRng.int(8, 18) * 3600,
      content: noteRng.pick(NOTES.rider),
    })
  }

  // Alerts on animals still here: most pending, some already read.
  const alertRng = rng.fork('alerts')
  const activeCount = Math.max(5, Math.round(animals.length * 0.016))
  const readCount = Math.max(3, Math.round(animals.length * 0.01))
  const taken = new Set<string>()
  for (let k = 0; k < activeCount + readCount; k++) {
    const kind = alertRng.pick(ALERTS)
    for (let attempt = 0; attempt < 20; attempt++) {
      const animal = alertRng.pick(presentNow)
      const a = animals[animal] as PlannedAnimal
      const key = `${animal}/${kind.description}`
      if (!kind.fits(a) || taken.has(key)) continue
      taken.add(key)
      const createdDay = Math.max(a.checkInDay, R - alertRng.int(1, 75))
      const read = k >= activeCount
      plan.alerts.push({
        animal,
        description: kind.description,
        createdDay,
        createdTime: alertRng.int(8 * 3600, 19 * 3600),
        readDay: read ? Math.min(R, createdDay + alertRng.int(1, 20)) : null,
      })
      break
    }
  }
  return plan
}
