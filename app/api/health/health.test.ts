import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '~/api/app'
import type { DatabaseHandle } from '~/db/database.server'
import { createTestDatabase, testEngines } from '~/db/testing.server'

describe.each(testEngines())('provider API skeleton on %s', (engine) => {
  let handle: DatabaseHandle
  let api: ReturnType<typeof createApiApp>

  beforeAll(async () => {
    handle = await createTestDatabase(engine)
    api = createApiApp({ database: async () => handle })
  })
  afterAll(() => handle.close())

  it('reports the database as reachable', async () => {
    const response = await api.request('/app-insights/api/health')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toEqual({ status: 'ok', mode: 'test', database: { engine, reachable: true } })
  })

  it('answers 503 when the database does not respond', async () => {
    const closed = await createTestDatabase(engine)
    await closed.close()
    const unreachable = createApiApp({ database: async () => closed })
    const response = await unreachable.request('/app-insights/api/health')
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ status: 'error', database: { reachable: false } })
  })

  it('answers unknown paths with a Spanish JSON error', async () => {
    const response = await api.request('/app-insights/api/v2/no-existe')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'Ruta no encontrada' })
  })

  it('publishes an OpenAPI document built from the zod schemas', async () => {
    const response = await api.request('/app-insights/api/openapi.json')
    expect(response.status).toBe(200)
    const doc = await response.json()
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.paths['/app-insights/api/health'].get.responses['200']).toBeDefined()
    expect(doc.components.schemas.Health.properties.database).toBeDefined()
  })
})
