import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { fieldLabel } from './lib/create-router'
import { createTestApi, type TestApi } from './testing.server'

type Schema = { properties?: Record<string, Schema>; items?: Schema; $ref?: string; allOf?: Schema[] }
type Operation = {
  parameters?: { name: string }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, Schema> }
}

/** Every field name a caller can send: path and query parameters, and JSON body properties at any depth. */
function requestFields(doc: OpenApi) {
  const names = new Set<string>()
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').at(-1) ?? ''] : schema
  const walk = (raw: Schema | undefined, depth = 0) => {
    const schema = resolve(raw)
    if (!schema || depth > 5) return
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      names.add(name)
      walk(child, depth + 1)
    }
    walk(schema.items, depth + 1)
    for (const part of schema.allOf ?? []) walk(part, depth + 1)
  }
  for (const operations of Object.values(doc.paths))
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) names.add(parameter.name)
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema)
    }
  return [...names].sort()
}

/** API messages name fields in Spanish, never by their key ('tag: …', 'username: …'): issue 16. */
describe.each(testEngines())('API messages name fields in Spanish on %s', (engine) => {
  let t: TestApi

  beforeAll(async () => {
    t = await createTestApi(engine)
  })
  afterAll(() => t.close())

  it('has a Spanish name for every field a request can carry', async () => {
    const doc = (await (await t.request('/openapi.json')).json()) as OpenApi
    const fields = requestFields(doc)
    expect(fields).toContain('username')
    expect(fields.filter((name) => fieldLabel(name) === undefined)).toEqual([])
  })

  it('names the sign-in user name and the searched tag in Spanish', async () => {
    const login = await t.request('/v2/auth/login', { method: 'POST', json: { password: 'Clave1234' } })
    expect(login.status).toBe(400)
    const loginError = ((await login.json()) as { error: string }).error
    expect(loginError).not.toMatch(/username/)
    expect(loginError).toMatch(/^Usuario: /)
    const admin = await t.tokenFor('admin@test.local')
    const lookup = await t.request(
      `/v2/establishments/${t.establishments.a.id}/animals/lookup?tag=${'1'.repeat(41)}`,
      { token: admin },
    )
    expect(lookup.status).toBe(400)
    const lookupError = ((await lookup.json()) as { error: string }).error
    expect(lookupError).not.toMatch(/\btag\b/)
    expect(lookupError).toMatch(/caravana/i)
  })
})
