import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import type { FilterConfig, FilterValue, FilterValues } from '~/components/data-table/data-table.types'
import { ANIMAL_SORT_COLUMNS } from '~/features/animals/animals.list-params'
import { ANIMAL_FILTERS, animalsSearchSchema, PER_PAGE_OPTIONS } from '~/features/animals/animals.view'
import { AUTH_MESSAGES, type AuthMessageKey, authMessageParam } from '~/features/auth/auth.messages'
import { CAPACITATION_VIEWS, capacitationsSearchSchema } from '~/features/capacitations/capacitations.search'
import {
  CONFIG_SECTION_KEYS,
  configurationSearchSchema,
} from '~/features/configuration/config-sections.schema'
import {
  EVENT_FILTERS,
  EVENT_PER_PAGE_OPTIONS,
  MANGA_TYPES,
  mangaSearchSchema,
} from '~/features/events/events.view'
import { EVENT_SORT_COLUMNS } from '~/features/events/events-list.params'
import { dashboardSearchSchema } from '~/features/insights/insights.view'
import {
  RIDER_FILTERS,
  RIDER_PER_PAGE_OPTIONS,
  RIDER_TABS,
  riderSearchSchema,
} from '~/features/riders/riders.view'
import { TEXT_FILTER_MAX_LENGTH } from '~/lib/list-limits'

/**
 * Decision 046 replaced the routes' zod/mini search schemas (decision 042) with our own checks. Here
 * the zod/mini schemas as they were (commit df85e80) are the reference: both must give the same
 * result, key for key, on every address below — valid values, mistyped ones, edge numbers.
 */
const drop = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined)
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
const positiveInt = drop(z.coerce.number().check(z.int(), z.positive()))
const page = (max: number) => drop(z.number().check(z.int(), z.minimum(1), z.maximum(max)))
const perPage = (options: readonly number[]) =>
  drop(
    z.number().check(
      z.int(),
      z.refine((n) => options.includes(n)),
    ),
  )
const hidden = (max: number) => drop(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(max)))
const filters = (configs: readonly FilterConfig[]) =>
  drop(
    z.pipe(
      z.record(z.string(), z.unknown()),
      z.transform((raw: Record<string, unknown>) => keepValidFilters(configs, raw)),
    ),
  )

/** The filter checks as they were, on zod/mini (table-view.ts at df85e80). */
function zodFilterValue(filter: FilterConfig, value: unknown): FilterValue | undefined {
  switch (filter.type) {
    case 'input': {
      const text = z
        .string()
        .check(z.trim(), z.minLength(1), z.maxLength(TEXT_FILTER_MAX_LENGTH - 1))
        .safeParse(value)
      return text.success ? text.data : undefined
    }
    case 'select': {
      const option = z
        .string()
        .check(z.regex(/^[\w-]+$/))
        .safeParse(value)
      if (!option.success) return undefined
      if (filter.customOptions && !filter.customOptions.some((o) => o.value === option.data)) return undefined
      return option.data
    }
    case 'multi-select': {
      const ids = z
        .array(z.string().check(z.regex(/^\d+$/)))
        .check(z.minLength(1), z.maxLength(100))
        .safeParse(value)
      return ids.success ? ids.data : undefined
    }
    case 'date-range': {
      const range = z.object({ from: z.optional(isoDate), to: z.optional(isoDate) }).safeParse(value)
      return range.success && (range.data.from || range.data.to) ? range.data : undefined
    }
    case 'range': {
      const range = z.object({ min: z.optional(z.number()), max: z.optional(z.number()) }).safeParse(value)
      return range.success && (range.data.min !== undefined || range.data.max !== undefined)
        ? range.data
        : undefined
    }
  }
}

function keepValidFilters(configs: readonly FilterConfig[], raw: Record<string, unknown>): FilterValues {
  const byId = new Map(configs.map((filter) => [filter.columnId, filter]))
  const kept: FilterValues = {}
  for (const [id, value] of Object.entries(raw)) {
    const filter = byId.get(id)
    const valid = filter ? zodFilterValue(filter, value) : undefined
    if (valid !== undefined) kept[id] = valid
  }
  return kept
}

const reference = {
  animals: z.object({
    page: page(100_000),
    perPage: perPage(PER_PAGE_OPTIONS),
    sort: drop(z.enum(ANIMAL_SORT_COLUMNS)),
    desc: drop(z.boolean()),
    filters: z.optional(
      z.pipe(
        z.catch(z.record(z.string(), z.unknown()), {}),
        z.transform((raw: Record<string, unknown>) => keepValidFilters(ANIMAL_FILTERS, raw)),
      ),
    ),
    hidden: hidden(60),
    compact: drop(z.boolean()),
    sel: drop(z.string().check(z.regex(/^[A-Za-z0-9_-]*$/))),
    all: drop(z.boolean()),
  }),
  manga: z.object({
    page: page(1_000_000),
    perPage: perPage(EVENT_PER_PAGE_OPTIONS),
    sort: drop(z.enum(EVENT_SORT_COLUMNS)),
    desc: drop(z.boolean()),
    filters: filters(Object.values(EVENT_FILTERS).flat()),
    hidden: hidden(60),
    compact: drop(z.boolean()),
    sel: drop(z.string().check(z.regex(/^[0-9a-z]+(\.[0-9a-z]+)*$/), z.maxLength(16_000))),
    type: drop(z.enum(MANGA_TYPES)),
  }),
  riders: z.object({
    tab: drop(z.enum(RIDER_TABS)),
    page: page(1_000_000),
    perPage: perPage(RIDER_PER_PAGE_OPTIONS),
    filters: filters(RIDER_FILTERS),
    hidden: hidden(30),
    compact: drop(z.boolean()),
  }),
  dashboard: z.object({
    desde: drop(isoDate),
    hasta: drop(isoDate),
    rodeo: drop(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(100))),
    categoria: drop(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(100))),
  }),
  capacitations: z.object({
    establecimiento: positiveInt,
    q: drop(z.string().check(z.maxLength(100))),
    curso: positiveInt,
    leccion: drop(z.union([z.literal('cuestionario'), z.coerce.number().check(z.int(), z.positive())])),
    vista: drop(z.enum(CAPACITATION_VIEWS)),
  }),
  configuration: z.looseObject({
    seccion: drop(
      z.string().check(z.refine((key) => (CONFIG_SECTION_KEYS as readonly string[]).includes(key))),
    ),
    establecimiento: positiveInt,
  }),
  authMessage: drop(z.enum(Object.keys(AUTH_MESSAGES) as [AuthMessageKey, ...AuthMessageKey[]])),
}

/** Values every parameter is tried with: right and wrong types, edges, text that looks like a number. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  2,
  25,
  50,
  100,
  -3,
  2.5,
  1e6,
  1e6 + 1,
  100_001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  ' ',
  '4',
  ' 4 ',
  '0',
  '-3',
  '2.5',
  'abc',
  'A-1',
  '1a.2b',
  'a b',
  'x'.repeat(101),
  '2026-11-27',
  '27/11/2026',
  'gdpv',
  'visual_tag',
  'weighings',
  'muertes',
  'rodeos',
  'cuestionario',
  'progreso',
  'invalidCredentials',
  [],
  ['3'],
  [1, 2],
  [0],
  ['a'.repeat(41)],
  Array(61).fill('a'),
  Array(101).fill(1),
  {},
  { x: 1 },
  { visual_tag: ' A-1 ', rodeo: ['3'], gdpv: { min: 0.5 }, nope: 'x' },
  { read_at: {}, date_of_birth: { from: '2026-01-01', to: 'x' }, alerts: '1', status: 'nope' },
  { read_at: { from: '2026-01-01' }, rider: '2', last_weight: { min: '3' }, category: [], breed: ['1', 'x'] },
  { visual_tag: 'x'.repeat(20), weight: { max: 300 }, is_ultrasound_scan: '0', electronic_tag: '   ' },
  // Edges of the limits: text lengths, list lengths, page numbers.
  'x'.repeat(100),
  '1'.repeat(16_000),
  '1'.repeat(16_001),
  100_000,
  1_000_000,
  ['a'.repeat(40)],
  Array(30).fill('a'),
  Array(31).fill('a'),
  Array(60).fill('a'),
  Array(100).fill(1),
  { visual_tag: 'x'.repeat(TEXT_FILTER_MAX_LENGTH - 1), electronic_tag: 'x'.repeat(TEXT_FILTER_MAX_LENGTH) },
  {
    visual_tag: ` ${'x'.repeat(TEXT_FILTER_MAX_LENGTH - 1)} `,
    rodeo: Array(100).fill('1'),
    breed: Array(101).fill('1'),
  },
]

const KEYS = [
  'page',
  'perPage',
  'sort',
  'desc',
  'filters',
  'hidden',
  'compact',
  'sel',
  'all',
  'type',
  'tab',
  'desde',
  'hasta',
  'rodeo',
  'categoria',
  'establecimiento',
  'q',
  'curso',
  'leccion',
  'vista',
  'seccion',
  'persona',
]

/** Addresses: each key alone with each value, then all keys at once with the same value. */
function* addresses() {
  yield {}
  for (const value of VALUES) {
    for (const key of KEYS) yield { [key]: value }
    yield Object.fromEntries(KEYS.map((key) => [key, value]))
  }
}

/** zod's result, or the thrown error's class, to compare with ours. */
function outcome(parse: () => unknown) {
  try {
    return { value: parse() }
  } catch {
    return { threw: true }
  }
}

describe('search validation without zod agrees with the zod/mini schemas it replaced (decision 046)', () => {
  const pairs = [
    ['Animales', animalsSearchSchema, reference.animals],
    ['Manga', mangaSearchSchema, reference.manga],
    ['Recorredores', riderSearchSchema, reference.riders],
    ['Tablero', dashboardSearchSchema, reference.dashboard],
    ['Capacitación', capacitationsSearchSchema, reference.capacitations],
    ['Configuración', configurationSearchSchema, reference.configuration],
  ] as const
  for (const [page, ours, theirs] of pairs) {
    it(`gives the same search for every address: ${page}`, () => {
      for (const address of addresses()) {
        // toStrictEqual: the same keys too (a key the address had stays, as undefined, when dropped).
        expect(
          outcome(() => ours.parse(address)),
          JSON.stringify(address),
        ).toStrictEqual(outcome(() => theirs.parse(address)))
      }
    })
  }

  it('names the same sign-in messages', () => {
    for (const value of [...VALUES, ...Object.keys(AUTH_MESSAGES)])
      expect(authMessageParam.parse(value)).toStrictEqual(reference.authMessage.parse(value))
  })
})
