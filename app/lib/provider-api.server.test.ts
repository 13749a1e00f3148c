import ky from 'ky'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { activeAlertsRoute, markAlertsReadRoute } from '~/api/alerts/alerts.routes'
import { animalDetailRoute } from '~/api/animals/animal-record.routes'
import { healthRoute } from '~/api/health/health.routes'
import {
  ProviderAnswerError,
  ProviderError,
  providerAction,
  providerApi,
  readAnswer,
} from './provider-api.server'
import { ANSWER_NOT_RECOGNIZED_LOG } from './provider-contract'

/** A client whose provider answers `status` with `body` at an internal address, recording requests. */
function providerAnswering(status: number, body: unknown) {
  const requests: Request[] = []
  const http = ky.create({
    baseUrl: 'http://proveedor.interno:8080/app-insights/api/',
    retry: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init))
      return typeof body === 'string' ? new Response(body, { status }) : Response.json(body, { status })
    },
  })
  return { api: providerApi(http), requests }
}

const page = { data: [], meta: { current_page: 1, per_page: 20, total: 0, last_page: 1 } }

afterEach(() => vi.restoreAllMocks())

describe('the typed provider client', () => {
  it('sends the route’s method and path, with its parameters and query filled in', async () => {
    const { api, requests } = providerAnswering(200, { message: 'ok', data: { alerts: 2, updated: 2 } })
    await api.call(markAlertsReadRoute, { json: { ids: [1, 2] } })
    const listing = providerAnswering(200, page)
    await listing.api
      .call(activeAlertsRoute, { param: { id: 7 }, query: { page: 2, description: 'cojera' } })
      .catch(() => undefined)
    const [patch] = requests
    expect(patch?.method).toBe('PATCH')
    expect(patch?.url).toBe('http://proveedor.interno:8080/app-insights/api/v2/alerts/mark-as-read')
    expect(await patch?.json()).toEqual({ ids: [1, 2] })
    expect(listing.requests[0]?.url).toBe(
      'http://proveedor.interno:8080/app-insights/api/v2/establishments/7/alerts?page=2&description=cojera',
    )
  })

  it('parses a 2xx answer with the route’s own response schema', async () => {
    const answer = { message: 'Alertas leídas', data: { alerts: 1, updated: 1 }, extra: 'x' }
    const { api } = providerAnswering(200, answer)
    // The schema's output, not the raw body: keys the route does not declare are dropped.
    expect(await api.call(markAlertsReadRoute, { json: { ids: [1] } })).toEqual({
      message: 'Alertas leídas',
      data: { alerts: 1, updated: 1 },
    })
  })

  it('refuses a 2xx answer its route’s schema does not accept, and logs it in the spec’s words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { api } = providerAnswering(200, { message: 'Alertas leídas', data: { alerts: 'una' } })
    const failure = await api
      .call(markAlertsReadRoute, { json: { ids: [1] } })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderAnswerError)
    expect(log).toHaveBeenCalledWith(ANSWER_NOT_RECOGNIZED_LOG, expect.objectContaining({ status: 200 }))
    // A status the route does not declare is refused too.
    const undeclared = providerAnswering(202, { message: 'x', data: { alerts: 1, updated: 1 } })
    await expect(undeclared.api.call(markAlertsReadRoute, { json: { ids: [1] } })).rejects.toBeInstanceOf(
      ProviderAnswerError,
    )
  })

  it('throws a ProviderError carrying the provider’s Spanish { error } for a refusal', async () => {
    const { api } = providerAnswering(403, { error: 'No tiene acceso a este establecimiento' })
    const failure = await api.call(activeAlertsRoute, { param: { id: 7 } }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ProviderError)
    expect(failure).toMatchObject({ status: 403, providerMessage: 'No tiene acceso a este establecimiento' })
  })

  it('reads a declared non-2xx body only when the caller accepts it (health’s 503)', async () => {
    const health = { status: 'error', mode: 'test', database: { engine: 'pglite', reachable: false } }
    const { api } = providerAnswering(503, health)
    expect(await readAnswer(healthRoute, await api.send(healthRoute, {}), [503])).toEqual(health)
    const again = providerAnswering(503, health)
    await expect(again.api.call(healthRoute, {})).rejects.toBeInstanceOf(ProviderError)
  })
})

describe('reads of GET server functions', () => {
  it('rethrow the provider’s Spanish message or the fallback, never the provider’s address', async () => {
    const refused = providerAnswering(403, { error: 'No tiene acceso a este establecimiento' })
    await expect(
      refused.api.read('No se pudo obtener la lista', activeAlertsRoute, { param: { id: 1 } }),
    ).rejects.toThrow(/^No tiene acceso a este establecimiento$/)
    const broken = providerAnswering(500, 'fallo')
    const failure = await broken.api
      .read('No se pudo obtener la lista', activeAlertsRoute, { param: { id: 1 } })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(failure instanceof Error && failure.message).toBe('No se pudo obtener la lista')
    expect(String(failure)).not.toMatch(/proveedor\.interno|app-insights/)
  })

  it('answer null for a 404 when finding, and the data when there is some', async () => {
    const missing = providerAnswering(404, { error: 'El animal no existe' })
    expect(await missing.api.find('No se pudo buscar', animalDetailRoute, { param: { id: 'x' } })).toBeNull()
    const found = providerAnswering(200, page)
    expect(await found.api.read('x', activeAlertsRoute, { param: { id: 1 } })).toEqual(page)
    await expect(
      providerAnswering(502, {}).api.find('No se pudo buscar', animalDetailRoute, { param: { id: 'x' } }),
    ).rejects.toThrow(/^No se pudo buscar$/)
  })
})

describe('a provider failure as an action result', () => {
  it('is the provider’s Spanish { error }, else the fallback, else "Error desconocido"', async () => {
    const refused = providerAnswering(409, { error: 'El registro cambió; vuelva a abrirlo' })
    const write = (api: ReturnType<typeof providerAnswering>['api']) => async () => {
      await api.call(markAlertsReadRoute, { json: { ids: [1] } })
      return { ok: true as const, message: 'Alertas leídas' }
    }
    expect(await providerAction('No se pudo marcar', write(refused.api))).toEqual({
      ok: false,
      error: 'El registro cambió; vuelva a abrirlo',
    })
    const broken = providerAnswering(500, 'fallo')
    expect(await providerAction('No se pudo marcar', write(broken.api))).toEqual({
      ok: false,
      error: 'No se pudo marcar',
    })
    expect(await providerAction(undefined, write(broken.api))).toEqual({
      ok: false,
      error: 'Error desconocido',
    })
    const fine = providerAnswering(200, { message: 'ok', data: { alerts: 1, updated: 1 } })
    expect(await providerAction('No se pudo marcar', write(fine.api))).toEqual({
      ok: true,
      message: 'Alertas leídas',
    })
  })

  it('is the fallback for an answer of the wrong shape (never the data)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const wrong = providerAnswering(200, { message: 'ok' })
    const result = await providerAction('No se pudo marcar', async () => {
      await wrong.api.call(markAlertsReadRoute, { json: { ids: [1] } })
      return { ok: true as const }
    })
    expect(result).toEqual({ ok: false, error: 'No se pudo marcar' })
  })
})
