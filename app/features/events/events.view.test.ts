import { describe, expect, it } from 'vitest'
import {
  apiQueryFromEventView,
  decodeEventSelection,
  encodeEventSelection,
  eventsSearchSchema,
  eventViewFromSearch,
  mangaSearchSchema,
  searchFromEventView,
} from './events.view'

describe('event table views in the URL', () => {
  it('round-trips a view through the URL, leaving defaults out', () => {
    const view = eventViewFromSearch('weighing', {
      page: 3,
      sort: 'weight',
      desc: true,
      filters: { cattle_handling: ['12'], weight: { min: 200 }, visual_tag: '24' },
      sel: encodeEventSelection(['1', '1000000', '36']),
    })
    expect(view.selected).toEqual(['1', '1000000', '36'])
    expect(searchFromEventView('weighing', view)).toEqual({
      page: 3,
      sort: 'weight',
      desc: true,
      filters: { cattle_handling: ['12'], weight: { min: 200 }, visual_tag: '24' },
      sel: '1.lfls.10',
    })
    expect(apiQueryFromEventView(view)).toEqual({
      page: 3,
      perPage: 50,
      sort: 'weight',
      order: 'desc',
      cattle_handling: '12',
      weight_min: 200,
      visual_tag: '24',
    })
  })

  it('drops what a stale or hand-edited link gets wrong, and filters of another table', () => {
    const search = mangaSearchSchema.parse({
      type: 'vacas',
      page: -2,
      perPage: 7,
      sort: 'edad',
      filters: { visual_tag: 'x'.repeat(30), bull: ['3'], weight: { min: 'mucho' }, cattle_handling: ['4'] },
      sel: 'no válido!',
    })
    expect(search).toMatchObject({
      type: undefined,
      page: undefined,
      perPage: undefined,
      sort: undefined,
      sel: undefined,
    })
    // A bull filter means something on inseminations only; sorting by weight on weighings only.
    expect(eventViewFromSearch('weighing', search).filters).toEqual({ cattle_handling: ['4'] })
    expect(eventViewFromSearch('artificial-insemination', search).filters).toEqual({
      bull: ['3'],
      cattle_handling: ['4'],
    })
    expect(
      eventViewFromSearch('preservice', eventsSearchSchema.parse({ sort: 'weight' })).sort,
    ).toBeUndefined()
    expect(eventViewFromSearch('preservice', eventsSearchSchema.parse({ sort: 'gdpv' })).sort).toBeUndefined()
    expect(eventViewFromSearch('weighing', eventsSearchSchema.parse({ sort: 'gdpv' })).sort).toEqual({
      id: 'gdpv',
      desc: false,
    })
    expect(decodeEventSelection('zz.0.-1')).toEqual(['1295'])
  })
})
