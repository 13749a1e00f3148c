import { describe, expect, it } from 'vitest'
import { animalsSearchSchema } from '~/features/animals/animals.view'
import { authMessageParam } from '~/features/auth/auth.messages'
import { capacitationsSearchSchema } from '~/features/capacitations/capacitations.search'
import { configurationSearchSchema } from '~/features/configuration/config-sections.schema'
import { mangaSearchSchema } from '~/features/events/events.view'
import { dashboardSearchSchema } from '~/features/insights/insights.view'
import { riderSearchSchema } from '~/features/riders/riders.view'
import { dropInvalid, isoDate, positiveIntParam } from './search-params'

/**
 * The routes' search schemas on `zod/mini` (decision 042) keep what the classic chains did: a valid
 * parameter passes, a missing or mistyped one is dropped (never an error), the rest of the address
 * is kept.
 */
describe('search parameters on zod/mini', () => {
  it('drop a parameter that does not fit instead of failing', () => {
    expect(dropInvalid(isoDate).parse('2026-11-27')).toBe('2026-11-27')
    expect(dropInvalid(isoDate).parse('27/11/2026')).toBeUndefined()
    expect(dropInvalid(isoDate).parse(undefined)).toBeUndefined()
    expect(positiveIntParam.parse('4')).toBe(4)
    expect(positiveIntParam.parse(7)).toBe(7)
    for (const bad of ['0', '-3', '2.5', 'abc', null]) expect(positiveIntParam.parse(bad)).toBeUndefined()
  })

  it('keep the Animales view and drop what a hand-edited link gets wrong', () => {
    expect(
      animalsSearchSchema.parse({
        page: 2,
        perPage: 100,
        sort: 'gdpv',
        desc: true,
        filters: { visual_tag: ' A-1 ', rodeo: ['3'], gdpv: { min: 0.5 }, nope: 'x' },
        hidden: ['electronic_tag'],
        sel: 'abc_-',
      }),
    ).toEqual({
      page: 2,
      perPage: 100,
      sort: 'gdpv',
      desc: true,
      filters: { visual_tag: 'A-1', rodeo: ['3'], gdpv: { min: 0.5 } },
      hidden: ['electronic_tag'],
      sel: 'abc_-',
    })
    expect(
      animalsSearchSchema.parse({
        page: 0,
        perPage: 30,
        sort: 'nope',
        desc: 'yes',
        filters: 'x',
        hidden: Array(61).fill('a'),
        sel: 'a b',
        all: 1,
      }),
    ).toEqual({ filters: {} })
    expect(animalsSearchSchema.parse({ page: 1.5, filters: { visual_tag: 'x'.repeat(20) } })).toEqual({
      filters: {},
    })
  })

  it('keep the Manga and Recorredores views', () => {
    expect(
      mangaSearchSchema.parse({ type: 'weighings', page: 3, sel: '1a.2b', filters: { read_at: {} } }),
    ).toEqual({ type: 'weighings', page: 3, sel: '1a.2b', filters: {} })
    expect(mangaSearchSchema.parse({ type: 'other', perPage: 25, sel: 'A' })).toEqual({ perPage: 25 })
    expect(riderSearchSchema.parse({ tab: 'muertes', perPage: 50, filters: { rider: '2', x: 1 } })).toEqual({
      tab: 'muertes',
      perPage: 50,
      filters: { rider: '2' },
    })
    expect(
      riderSearchSchema.parse({ tab: 'x', perPage: 30, filters: 5, hidden: Array(31).fill('a') }),
    ).toEqual({})
  })

  it('keep the Tablero, Capacitación and Configuración addresses', () => {
    expect(
      dashboardSearchSchema.parse({ desde: '2026-01-01', hasta: 'x', rodeo: [1, 2], categoria: [0] }),
    ).toEqual({ desde: '2026-01-01', rodeo: [1, 2] })
    expect(
      capacitationsSearchSchema.parse({ establecimiento: '4', leccion: 'cuestionario', vista: 'x' }),
    ).toEqual({
      establecimiento: 4,
      leccion: 'cuestionario',
    })
    expect(capacitationsSearchSchema.parse({ leccion: '2', q: 'x'.repeat(101) })).toEqual({ leccion: 2 })
    // Loose: a section's own parameters pass through.
    expect(
      configurationSearchSchema.parse({ seccion: 'rodeos', persona: '3', establecimiento: 'x' }),
    ).toEqual({
      seccion: 'rodeos',
      persona: '3',
    })
    expect(configurationSearchSchema.parse({ seccion: 'nope' })).toEqual({})
  })

  it('name only known messages on the sign-in pages', () => {
    expect(authMessageParam.parse('invalidCredentials')).toBe('invalidCredentials')
    expect(authMessageParam.parse('Cualquier texto')).toBeUndefined()
  })
})
