import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { asJsonAnswer, deserializeQueryData, QUERY_DEFAULTS, serializeQueryData } from './query-defaults'

const answer = () => ({
  data: [
    {
      animal_id: 'a1',
      visual_tag: '</script><b>',
      electronic_tag: null,
      alerts: [{ id: 1, description: 'Ñ' }],
    },
  ],
  meta: { total: 1, page: 1 },
})

describe('query data in a server-rendered page', () => {
  it('a marked answer travels as JSON text and comes back equal', () => {
    const data = asJsonAnswer(answer())
    const sent = serializeQueryData(data)
    expect(sent).toEqual({ '$insights.json': JSON.stringify(answer()) })
    expect(deserializeQueryData(sent)).toEqual(answer())
  })

  it('unmarked data is left to the router serializer, and is not mistaken for JSON text', () => {
    const dates = { at: new Date(0), data: [1] }
    expect(serializeQueryData(dates)).toBe(dates)
    expect(serializeQueryData(null)).toBe(null)
    const lookalike = { '$insights.json': '{}', other: 1 }
    expect(deserializeQueryData(lookalike)).toBe(lookalike)
  })

  it('a query cache dehydrated and hydrated with the defaults holds the same data', () => {
    const server = new QueryClient({ defaultOptions: QUERY_DEFAULTS })
    server.setQueryData(['animals', 'list'], asJsonAnswer(answer()))
    server.setQueryData(['session'], { user: { id: 7 } })
    const state = JSON.parse(JSON.stringify(dehydrate(server)))
    expect(JSON.stringify(state)).toContain('$insights.json')
    const browser = new QueryClient({ defaultOptions: QUERY_DEFAULTS })
    hydrate(browser, state)
    expect(browser.getQueryData(['animals', 'list'])).toEqual(answer())
    expect(browser.getQueryData(['session'])).toEqual({ user: { id: 7 } })
  })
})
