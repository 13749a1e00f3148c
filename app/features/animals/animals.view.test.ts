import { describe, expect, it } from 'vitest'
import {
  animalsSearchSchema,
  apiQueryFromView,
  decodeSelection,
  encodeSelection,
  searchFromView,
  viewFromSearch,
  viewNeedsFilterOptions,
} from './animals.view'

const uuid = (n: number) => `0000000${n}-aaaa-4bbb-8ccc-${String(n).padStart(12, '0')}`

describe('Filter options for the first paint (decision 041)', () => {
  it('are needed only when a chosen filter names one of their options', () => {
    const view = (search: Record<string, unknown>) => viewFromSearch(animalsSearchSchema.parse(search))
    expect(viewNeedsFilterOptions(view({}))).toBe(false)
    expect(
      viewNeedsFilterOptions(view({ filters: { visual_tag: '15', status: 'todos', gdpv: { min: 0.1 } } })),
    ).toBe(false)
    expect(viewNeedsFilterOptions(view({ filters: { category: ['1'] } }))).toBe(true)
    expect(viewNeedsFilterOptions(view({ filters: { gender: '2' } }))).toBe(true)
  })
})

describe('Animales view in the URL', () => {
  it('round-trips a whole view through the search params', () => {
    const view = {
      filters: {
        visual_tag: 'A-1',
        rodeo: ['3', '4'],
        last_weight: { min: 150 },
        date_of_birth: { from: '2024-01-01' },
      },
      sort: { id: 'gdpv', desc: true },
      page: 3,
      perPage: 100,
      hidden: ['electronic_tag'],
      compact: true,
      selected: [uuid(1), uuid(2)],
    }
    const search = animalsSearchSchema.parse(JSON.parse(JSON.stringify(searchFromView(view))))
    expect(viewFromSearch(search)).toEqual(view)
  })

  it('drops bad or stale parameters one by one instead of failing', () => {
    const search = animalsSearchSchema.parse({
      page: -4,
      perPage: 7,
      sort: 'password',
      filters: {
        rodeo: ['3', 'x'],
        visual_tag: 'x'.repeat(25),
        unknown: 'y',
        category: ['2'],
        status: 'borrados',
      },
      hidden: 'no-es-lista',
      sel: '***',
    })
    expect(viewFromSearch(search)).toEqual({
      filters: { category: ['2'] },
      sort: undefined,
      page: 1,
      perPage: 50,
      hidden: [],
      compact: false,
      selected: [],
    })
    expect(viewFromSearch(animalsSearchSchema.parse({ filters: 'basura' })).filters).toEqual({})
  })

  it('encodes hundreds of selected animals in a link that still works', () => {
    const ids = Array.from({ length: 500 }, () => crypto.randomUUID())
    const sel = encodeSelection(ids) ?? ''
    expect(sel).toMatch(/^[A-Za-z0-9_-]+$/)
    // 22 characters per animal: 500 animals fit well within the 16 KB a server accepts in a request line.
    expect(sel.length).toBeLessThan(500 * 22 + 2)
    expect(decodeSelection(sel)).toEqual(ids)
    expect(decodeSelection('abc')).toEqual([])
  })

  it('turns a view into the provider query', () => {
    expect(
      apiQueryFromView({
        filters: {
          category: ['1', '2'],
          gdpv: { min: 0.5, max: 1.2 },
          date_of_birth: { to: '2025-01-31' },
          status: 'todos',
        },
        sort: { id: 'last_weight', desc: true },
        page: 2,
        perPage: 25,
      }),
    ).toEqual({
      page: 2,
      perPage: 25,
      sort: 'last_weight',
      order: 'desc',
      category: '1,2',
      gdpv_min: 0.5,
      gdpv_max: 1.2,
      date_of_birth_to: '2025-01-31',
      status: 'todos',
    })
  })
})

describe('A selection of any size in the URL (issue 16)', () => {
  /** The search as the router writes it: one parameter per key, JSON for what is not text. */
  const urlOf = (search: Record<string, unknown>) =>
    `/management/establishment/app-insights/animals/1/breeding-herd?${new URLSearchParams(
      Object.entries(search)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    )}`

  it("'all matching these filters except these 12' round-trips and its link stays short", () => {
    const excluded = Array.from(
      { length: 12 },
      (_, i) => `${String(i + 1).padStart(8, '0')}-aaaa-4bbb-8ccc-${String(i + 1).padStart(12, '0')}`,
    )
    const view = {
      filters: { rodeo: ['3'], status: 'todos' },
      sort: undefined,
      page: 1,
      perPage: 50,
      hidden: [],
      compact: false,
      selected: [],
      allMatching: true,
      excluded,
    }
    const search = searchFromView(view)
    expect(search.all).toBe(true)
    expect(viewFromSearch(animalsSearchSchema.parse(JSON.parse(JSON.stringify(search))))).toEqual(view)
    // 100,000 animals or 865: the same short link.
    expect(urlOf(search).length).toBeLessThan(2000)
  })

  it('an exception list without `all` is a listed selection; a bad `all` is dropped', () => {
    const sel = encodeSelection([uuid(1)])
    expect(viewFromSearch(animalsSearchSchema.parse({ sel })).selected).toEqual([uuid(1)])
    expect(viewFromSearch(animalsSearchSchema.parse({ sel, all: 'yes' })).allMatching).toBeUndefined()
  })
})
