import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fillRows, fillTemplate, uploadForm, xlsxFile } from '~/features/bulk-upload/testing.server'
import { farmToday } from '~/lib/record-rules'
import { freePort, hasProductionBuild, startServer, waitForHealth } from '../tests/support/production-server'

/**
 * The provider API's contract, checked from outside: the production server (`dist/` served by
 * scripts/serve.ts) on a real port, a fresh database with the demo data, and every route and verb
 * of the OpenAPI document it serves sent a valid request, the way an outside client (curl, ky, a
 * PROVIDER_URL deployment) sends it. Routes that take no body are sent none at all (no
 * Content-Length, as curl does), over a raw socket. Every answer must be below 500, carry a status
 * the document lists for that route, and match the schema the document gives for that status.
 *
 * In-process tests (`app.fetch`) cannot catch what this catches: srvx hands the app its own Node
 * request object, not a native one, and a body-less DELETE answered 500 only over a socket.
 *
 * Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (a database of its own,
 * `insights_contract`, dropped and created on that server). Needs `npm run build` first (the test
 * command builds before the unit tests).
 */

const API = '/app-insights/api'

type Engine = 'pglite' | 'postgres'
const engines: Engine[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** The unit tests' URL with the database name replaced by `insights_contract`, created afresh. */
async function freshContractDatabase(source: string) {
  const url = new URL(source)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await client.query('DROP DATABASE IF EXISTS "insights_contract" WITH (FORCE)')
    await client.query('CREATE DATABASE "insights_contract"')
  } finally {
    await client.end()
  }
  url.pathname = '/insights_contract'
  return url.toString()
}

/** An answer's JSON as the walk reads it: its shape was just checked against the document. */
// biome-ignore lint/suspicious/noExplicitAny: read loosely after the documented schema has checked it
type Checked = any

interface Answer {
  status: number
  contentType: string
  text: string
}

/**
 * A request with no body at all, written on a raw socket as curl writes it: no Content-Length, no
 * Transfer-Encoding (fetch and node:http add `content-length: 0` to some verbs).
 */
function bodyless(port: number, method: string, target: string, token?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const raw = Buffer.concat(chunks)
      const split = raw.indexOf('\r\n\r\n')
      const head = raw.subarray(0, split).toString('latin1').split('\r\n')
      const headers = new Map(
        head.slice(1).map((line) => {
          const colon = line.indexOf(':')
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const
        }),
      )
      let body = raw.subarray(split + 4)
      if (headers.get('transfer-encoding') === 'chunked') body = unchunk(body)
      resolve({
        status: Number(head[0]?.split(' ')[1]),
        contentType: headers.get('content-type') ?? '',
        text: body.toString('utf8'),
      })
    })
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close']
    if (token) lines.push(`Authorization: Bearer ${token}`)
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })
}

function unchunk(body: Buffer) {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at)
    const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/** The document's schemas with every `$ref` to a component replaced by the component itself. */
function inline(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, components, depth))
  if (typeof schema !== 'object' || schema === null) return schema
  const ref = (schema as { $ref?: string }).$ref
  if (ref) {
    if (depth > 20) throw new Error(`referencia circular en ${ref}`)
    return inline(components[ref.replace('#/components/schemas/', '')], components, depth + 1)
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(value, components, depth)]),
  )
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
  requestBody?: unknown
}

describe.each(engines)('the provider API contract over a real socket on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'insights-contract-'))
  let port: number
  let server: ReturnType<typeof startServer>
  let operations: Map<string, Operation>
  let components: Record<string, unknown>
  /** Operations walked ('GET /v2/animals/{id}') and what was wrong with their answers. */
  const walked = new Set<string>()
  const problems: string[] = []

  beforeAll(async () => {
    expect(
      hasProductionBuild(),
      'falta la compilación de producción: ejecute `npm run build` (npm test la hace antes)',
    ).toBe(true)
    port = await freePort()
    const databaseUrl =
      engine === 'postgres' ? await freshContractDatabase(process.env.DATABASE_URL as string) : ''
    server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: '1',
    })
    await waitForHealth(port, server.child, server.output)
    const doc = await (await fetch(`http://127.0.0.1:${port}${API}/openapi.json`)).json()
    components = doc.components?.schemas ?? {}
    operations = new Map()
    for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
      for (const [method, operation] of Object.entries(methods))
        operations.set(`${method.toUpperCase()} ${route.slice(API.length)}`, operation)
  }, 180_000)

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Checks one answer against the document; returns its JSON body. */
  function check(key: string, answer: Answer): unknown {
    walked.add(key)
    const operation = operations.get(key)
    if (!operation) {
      problems.push(`${key}: no está en el documento OpenAPI`)
      return undefined
    }
    const said = `${key} → ${answer.status} ${answer.text.slice(0, 300)}`
    if (answer.status >= 500) problems.push(`${said}: error del servidor`)
    const documented = operation.responses[String(answer.status)]
    if (!documented) {
      problems.push(`${said}: estado no documentado (${Object.keys(operation.responses).join(', ')})`)
      return undefined
    }
    const schema = documented.content?.['application/json']?.schema
    if (!schema) return undefined
    if (!answer.contentType.includes('application/json')) {
      problems.push(`${said}: se documenta JSON y llegó ${answer.contentType}`)
      return undefined
    }
    const body = JSON.parse(answer.text)
    const result = z.fromJSONSchema(inline(schema, components) as never).safeParse(body)
    if (!result.success)
      problems.push(
        `${said}: no cumple el esquema documentado: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      )
    return body
  }

  /** Fills `{name}` in the route from `params`. */
  const target = (route: string, params: Record<string, string | number>, query = '') =>
    `${API}${route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])))}${query}`

  /** A request with a body (JSON or multipart), or a GET, through fetch. */
  async function send<T = Checked>(
    method: string,
    route: string,
    options: {
      params?: Record<string, string | number>
      query?: string
      json?: unknown
      form?: FormData
      token?: string
      expect?: number
    } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {}
    if (options.token) headers.authorization = `Bearer ${options.token}`
    if (options.json !== undefined) headers['content-type'] = 'application/json'
    const response = await fetch(
      `http://127.0.0.1:${port}${target(route, options.params ?? {}, options.query)}`,
      {
        method,
        headers,
        body: options.json !== undefined ? JSON.stringify(options.json) : options.form,
      },
    )
    const answer = {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    }
    const body = check(`${method} ${route}`, answer)
    expectStatus(`${method} ${route}`, answer, options.expect)
    return body as T
  }

  /** A request that takes no body, sent with none (no Content-Length) on a raw socket. */
  async function sendBodyless<T = Checked>(
    method: string,
    route: string,
    options: {
      params?: Record<string, string | number>
      query?: string
      token?: string
      expect?: number
    } = {},
  ): Promise<T> {
    const answer = await bodyless(
      port,
      method,
      target(route, options.params ?? {}, options.query),
      options.token,
    )
    const body = check(`${method} ${route}`, answer)
    expectStatus(`${method} ${route}`, answer, options.expect)
    return body as T
  }

  /** A valid request must succeed (2xx) unless the walk says which documented refusal it expects. */
  function expectStatus(key: string, answer: Answer, expected?: number) {
    const ok =
      expected === undefined ? answer.status >= 200 && answer.status < 300 : answer.status === expected
    if (!ok)
      problems.push(
        `${key} → ${answer.status} ${answer.text.slice(0, 300)}: se esperaba ${expected ?? '2xx'}`,
      )
  }

  it('walks every route and verb of the OpenAPI document: no 5xx, documented statuses, documented bodies', async () => {
    try {
      await walk()
    } finally {
      // Even when the walk stops (a refused create leaves nothing to go on), say what was wrong.
      expect(problems).toEqual([])
    }
    expect([...operations.keys()].filter((key) => !walked.has(key))).toEqual([])
  }, 120_000)

  /**
   * The operations the walk above does not name and that need nothing made first: an establishment's
   * path parameter is the only one, and a body, when there is one, is the example its schema
   * documents (`.meta({ examples: [...] })`). A new resource of that shape is walked by being in the
   * document; one that needs ids made earlier still gets its line above (the final check says which).
   */
  async function walkDerivable(token: string, eid: number) {
    const establishmentPath = /^\/v\d\/establishments?\/\{(id|eid|establishmentId)\}(\/[a-z-]+)+$/
    for (const [key, operation] of operations) {
      if (walked.has(key)) continue
      const [method = '', route = ''] = key.split(' ')
      const param = establishmentPath.exec(route)?.[1]
      if (!param) continue
      const params = { [param]: eid }
      if (!operation.requestBody) {
        if (method === 'GET' || method === 'DELETE') await sendBodyless(method, route, { token, params })
        continue
      }
      const content = (operation.requestBody as { content?: Record<string, { schema?: unknown }> }).content
      const schema = inline(content?.['application/json']?.schema, components) as
        | { examples?: unknown[]; example?: unknown }
        | undefined
      const json = schema?.examples?.[0] ?? schema?.example
      if (json !== undefined) await send(method, route, { token, params, json })
    }
  }

  async function walk() {
    const today = farmToday()
    const readAt = `${today} 10:00:00`

    await sendBodyless('GET', '/health')
    const login = await send('POST', '/v2/auth/login', {
      json: { username: 'admin@demo.test', password: 'Demo1234', remember: false },
    })
    const token: string = login.token
    const as = { token }

    // The caller and the lookups.
    await sendBodyless('GET', '/v2/auth/me', as)
    await send('PATCH', '/v2/auth/session', { ...as, json: { remember: true } })
    await sendBodyless('GET', '/v2/user/roles', as)
    await sendBodyless('GET', '/v1/user/establishments', as)
    const riderFramework = (await sendBodyless('GET', '/v1/user/sync-framework-rider', as)).data
    const establishments = await sendBodyless<{ data: { id: number }[] }>('GET', '/v2/establishments', as)
    const eid = Math.min(...establishments.data.map((e) => e.id))
    const framework = (await sendBodyless('GET', '/v2/framework', as)).data
    const first = (rows: { id: number; description: string }[], description: string) => {
      const row = rows.find((r) => r.description === description)
      if (!row) throw new Error(`falta ${description} en el marco de datos`)
      return row.id
    }
    const local = (
      await sendBodyless('GET', '/v2/establishment/{id}/framework', { ...as, params: { id: eid } })
    ).data
    await sendBodyless('GET', '/v2/establishments/{id}/boards', { ...as, params: { id: eid } })
    await sendBodyless('GET', '/v1/establishment/{eid}/filter', { ...as, params: { eid } })

    // Animals: two of our own (one to record events on, one to delete), and the demo herd.
    const herd = await sendBodyless('GET', '/v2/establishments/{establishmentId}/animals', {
      ...as,
      params: { establishmentId: eid },
      query: '?perPage=5',
    })
    const demoAnimal = herd.data[0] as { animal_id: string; visual_tag: string }
    const newAnimal = (visualTag: string) => ({
      visual_tag: visualTag,
      animal_type_id: first(framework.animal_types, 'Vaca'),
      breed_id: first(framework.breeds, 'Angus'),
      color_id: first(framework.colors, 'negro'),
      gender: first(framework.sex, 'Hembra'),
      check_in_type_id: first(framework.check_in_types, 'Compra'),
      date_of_birth: '2020-05-01',
    })
    const cow = (
      await send('POST', '/v3/establishments/{eid}/animals', {
        ...as,
        params: { eid },
        json: newAnimal('CONTRATO-1'),
      })
    ).data as { animal_id: string; version: number; visual_tag: string }
    const doomed = (
      await send('POST', '/v3/establishments/{eid}/animals', {
        ...as,
        params: { eid },
        json: newAnimal('CONTRATO-2'),
      })
    ).data as { animal_id: string; version: number }
    // Uploads record one event of each kind on it (a session holds one per animal).
    const uploaded = (
      await send('POST', '/v3/establishments/{eid}/animals', {
        ...as,
        params: { eid },
        json: newAnimal('CONTRATO-4'),
      })
    ).data as { visual_tag: string; animal_id: string }
    await sendBodyless('GET', '/v2/establishments/{establishmentId}/animals/lookup', {
      ...as,
      params: { establishmentId: eid },
      query: '?tag=CONTRATO-1',
    })
    await sendBodyless('GET', '/v2/establishments/{establishmentId}/animals/picker', {
      ...as,
      params: { establishmentId: eid },
      query: '?visual_tag=CONTRATO',
    })
    // The streamed xlsx of a selection: all matching a filter but one, then a listed pair.
    await sendBodyless('GET', '/v2/establishments/{establishmentId}/animals/export', {
      ...as,
      params: { establishmentId: eid },
      query: `?visual_tag=CONTRATO&except=${cow.animal_id}&columns=visual_tag,date_of_birth`,
    })
    await sendBodyless('GET', '/v2/animals/{id}', { ...as, params: { id: cow.animal_id } })
    await sendBodyless('GET', '/v2/animals/{id}/events', { ...as, params: { id: demoAnimal.animal_id } })
    const record = await sendBodyless('GET', '/v1/establishment/{eid}/animals/{aid}', {
      ...as,
      params: { eid, aid: cow.animal_id },
    })
    const updated = await send('PUT', '/v1/establishment/{eid}/animals/{aid}', {
      ...as,
      params: { eid, aid: cow.animal_id },
      json: { ...newAnimal('CONTRATO-1'), cuig: 'AB123', version: record.data?.version ?? cow.version },
    })
    void updated
    const rodeo = local.rodeo[0].id as number
    await send('POST', '/v2/animals/assign-to-rodeo/{id}', {
      ...as,
      params: { id: rodeo },
      json: { animal_ids: [cow.animal_id] },
    })
    await send('POST', '/v2/animals/assign-to-type/{id}', {
      ...as,
      params: { id: first(framework.animal_types, 'Vaca') },
      json: { animal_ids: [cow.animal_id] },
    })

    // Alerts: two created, one marked read by path (no body), one by list.
    const alerts = await send('POST', '/v2/alerts', {
      ...as,
      json: {
        alerts: [
          { description: 'Revisar pata', animal_id: cow.animal_id },
          { description: 'Vacunar', animal_id: cow.animal_id },
        ],
      },
    })
    const [alertA, alertB] = (alerts.data as { id: number }[]).map((a) => a.id)
    await sendBodyless('GET', '/v2/establishments/{id}/alerts', { ...as, params: { id: eid } })
    await sendBodyless('GET', '/v2/animals/{id}/alerts', { ...as, params: { id: cow.animal_id } })
    await sendBodyless('PATCH', '/v2/alerts/{id}/mark-as-read', { ...as, params: { id: alertA as number } })
    await send('PATCH', '/v2/alerts/mark-as-read', { ...as, json: { ids: [alertB] } })

    // Recorredores (decision 036): each kind created, edited and deleted on our own animals.
    const riderCreate = async (kind: string, json: object) =>
      (await send('POST', `/v2/establishments/{id}/${kind}`, { ...as, params: { id: eid }, json })).data
    const birth = await riderCreate('births', {
      mother_id: cow.animal_id,
      read_at: today,
      sex_id: first(framework.sex, 'Macho'),
      tag_pending: true,
    })
    await send('PATCH', '/v2/births/{id}', {
      ...as,
      params: { id: birth.id },
      json: { calf_visual_tag: 'CONTRATO-T1' },
    })
    await sendBodyless('DELETE', '/v2/births/{id}', { ...as, params: { id: birth.id }, query: '?calf=keep' })
    const treated = await riderCreate('treatments', {
      animal_ids: [cow.animal_id],
      read_at: today,
      treatment_id: first(riderFramework.treatments, 'Antibiótico'),
      withdrawal_days: 10,
    })
    await send('PATCH', '/v2/treatments/{id}', {
      ...as,
      params: { id: treated[0].id },
      json: { dose: '5 ml' },
    })
    await sendBodyless('DELETE', '/v2/treatments/{id}', { ...as, params: { id: treated[0].id } })
    const scored = await riderCreate('rider-body-conditions', {
      animal_id: cow.animal_id,
      read_at: today,
      body_conditions_rider_id: first(riderFramework.body_conditions_riders, 'Buena'),
    })
    await send('PATCH', '/v2/rider-body-conditions/{id}', {
      ...as,
      params: { id: scored.id },
      json: { read_at: today },
    })
    await sendBodyless('DELETE', '/v2/rider-body-conditions/{id}', { ...as, params: { id: scored.id } })
    const noted = await riderCreate('rider-notes', {
      animal_id: cow.animal_id,
      read_at: today,
      content: 'Contrato',
    })
    await send('PATCH', '/v2/rider-notes/{id}', {
      ...as,
      params: { id: noted.id },
      json: { content: 'Editada' },
    })
    await sendBodyless('DELETE', '/v2/rider-notes/{id}', { ...as, params: { id: noted.id } })
    const died = await riderCreate('deaths', { animal_id: uploaded.animal_id, read_at: today })
    await send('PATCH', '/v2/deaths/{id}', { ...as, params: { id: died.id }, json: { note: 'Contrato' } })
    await sendBodyless('DELETE', '/v2/deaths/{id}', { ...as, params: { id: died.id } })

    // Sessions, one of each work type, and their events.
    const session = async (work: number, name: string) =>
      (
        await send('POST', '/v2/cattle-handlings', {
          ...as,
          json: {
            name,
            establishmentId: eid,
            activityDate: today,
            description: 'Contrato',
            cattle_handling_work: work,
          },
        })
      ).data.id as number
    const sessions = {
      ia: await session(1, 'Contrato IATF'),
      pregnancy: await session(2, 'Contrato tacto'),
      preservice: await session(3, 'Contrato preservicio'),
      weighing: await session(7, 'Contrato pesada'),
    }
    await sendBodyless('GET', '/v2/cattle_handlings/headers', { ...as, query: `?establishmentId=${eid}` })
    await sendBodyless('GET', '/v2/cattle-handlings/{id}', { ...as, params: { id: sessions.weighing } })

    const bull = local.bulls[0].bull_id as number
    /** Records an event, edits it, and returns its id and version. */
    const eventOf = async (kind: string, idKey: string, json: object, change: Record<string, unknown>) => {
      const created = (
        await send('POST', `/v2/establishment/{establishmentId}/${kind}`, {
          ...as,
          params: { establishmentId: eid },
          json,
        })
      ).data as Record<string, number>
      const id = created[idKey] as number
      await send('PATCH', `/v2/${kind}/{id}`, {
        ...as,
        params: { id },
        json: { ...change, version: created.version },
      })
      return id
    }
    await eventOf(
      'artificial-inseminations',
      'artificial_insemination_id',
      { animal_id: cow.animal_id, bull_id: bull, read_at: readAt, cattle_handling_id: sessions.ia },
      { inseminator_id: null },
    )
    await eventOf(
      'pregnancy-checks',
      'pregnancy_check_id',
      {
        animal_id: cow.animal_id,
        pregnancy_check_detailId: first(framework.pregnancy_check_details, 'Cabeza'),
        read_at: readAt,
        cattle_handling_id: sessions.pregnancy,
      },
      { is_ultrasound_scan: true },
    )
    await eventOf(
      'preservices',
      'preservice_id',
      {
        animal_id: cow.animal_id,
        reproductive_grade_id: first(framework.rdg, '1'),
        read_at: readAt,
        cattle_handling_id: sessions.preservice,
      },
      { ovarian_status_id: first(framework.ovarian_status, 'Anestro sup') },
    )
    const weighing = await eventOf(
      'weighings',
      'weighing_id',
      { animal_id: cow.animal_id, weight: 410, read_at: readAt, cattle_handling_id: sessions.weighing },
      { weight: 412 },
    )
    for (const list of ['artificial-inseminations', 'pregnancy-checks', 'preservices', 'weighing'])
      await sendBodyless('GET', `/v2/establishment/{establishmentId}/${list}`, {
        ...as,
        params: { establishmentId: eid },
      })
    await sendBodyless('DELETE', '/v2/weighings/{id}', { ...as, params: { id: weighing } })

    // Bulk uploads: a spreadsheet made from each template, one valid row.
    const upload = (route: string, file: Uint8Array, fields: Record<string, string>, params = {}) =>
      send('POST', route, { ...as, params, form: uploadForm(xlsxFile(file), fields) })
    const day = today.split('-').reverse().join('/')
    await upload(
      '/v2/weighings/bulk-upload',
      fillTemplate('weighing', [[demoAnimal.visual_tag, null, day, 300, null]]),
      {
        establishmentId: String(eid),
        cattle_handling_id: String(sessions.weighing),
      },
    )
    await upload(
      '/v2/preservices/bulk-upload',
      fillTemplate('preservice', [[uploaded.visual_tag, null, day, '1', null]]),
      { establishmentId: String(eid), cattle_handling_id: String(sessions.preservice) },
    )
    await upload(
      '/v2/artificialinseminations/bulk-upload',
      fillTemplate('artificial-insemination', [[uploaded.visual_tag, null, day, local.bulls[0].alias, null]]),
      { establishmentId: String(eid), cattle_handling_id: String(sessions.ia) },
    )
    await upload(
      '/v2/pregnancy-checks/bulk-upload',
      fillTemplate('pregnancy-check', [[uploaded.visual_tag, null, day, 'Cabeza', 'Sí', null]]),
      { establishmentId: String(eid), cattle_handling_id: String(sessions.pregnancy) },
    )
    await upload(
      '/v3/establishments/{establishmentId}/animals/bulk-upload',
      fillTemplate('animals', [
        ['CONTRATO-3', null, 'Vaca', 'Angus', 'negro', 'Hembra', '01/05/2020', null, null, null, 'Compra'],
      ]),
      {},
      { establishmentId: eid },
    )
    // The riders' uploads (decision 036): CONTRATO-3, just uploaded, calves; the uploaded cow is treated.
    await upload(
      '/v2/establishments/{establishmentId}/births/bulk-upload',
      fillTemplate('births', [['CONTRATO-3', day, 'Hembra', 'Normal', 31, 'CONTRATO-T2', null, null, null]]),
      {},
      { establishmentId: eid },
    )
    await upload(
      '/v2/establishments/{establishmentId}/treatments/bulk-upload',
      fillTemplate('treatments', [[uploaded.visual_tag, null, day, 'Antibiótico', '10 ml', null, 0, null]]),
      {},
      { establishmentId: eid },
    )

    // Boards, feedlot and RFI (issue 22): the operations that need ids made here.
    const board = await send('POST', '/v2/establishments/{id}/boards', {
      ...as,
      params: { id: eid },
      json: { title: 'Contrato', dashboard_type_id: 2, default: false, url: null },
    })
    const boardId = (board.data as { id: number }).id
    await send('PUT', '/v2/establishments/{id}/boards/{boardId}', {
      ...as,
      params: { id: eid, boardId },
      json: { title: 'Contrato 2', dashboard_type_id: 2, default: true, url: 'https://example.com/r' },
    })
    await sendBodyless('DELETE', '/v2/establishments/{id}/boards/{boardId}', {
      ...as,
      params: { id: eid, boardId },
    })
    const penName = (local.rodeo[0] as { description: string }).description
    await send('PUT', '/v2/establishments/{id}/feedlot/pens/{rodeoId}', {
      ...as,
      params: { id: eid, rodeoId: rodeo },
      json: { target_weight: 420 },
    })
    await sendBodyless('GET', '/v2/establishments/{id}/feedlot/pens/{rodeoId}', {
      ...as,
      params: { id: eid, rodeoId: rodeo },
    })
    await upload(
      '/v2/establishments/{id}/feedlot/deliveries',
      fillRows(['Corral', 'Fecha', 'Kg tal cual', '% MS'], [[penName, day, 1000, 70]]),
      {},
      { id: eid },
    )
    await upload(
      '/v2/establishments/{id}/rfi/intake',
      fillRows(['Caravana', 'Fecha', 'Kg tal cual', '% MS'], [[uploaded.visual_tag, day, 9.5, 88]]),
      {},
      { id: eid },
    )
    const rfiTest = await send('POST', '/v2/establishments/{id}/rfi/tests', {
      ...as,
      params: { id: eid },
      json: {
        name: 'Contrato',
        rodeo_id: rodeo,
        start_date: '2025-01-01',
        end_date: '2025-04-01',
        adaptation_days: 21,
      },
    })
    const testId = (rfiTest.data as { id: number }).id
    await sendBodyless('GET', '/v2/establishments/{id}/rfi/tests/{testId}', {
      ...as,
      params: { id: eid, testId },
    })
    await sendBodyless('GET', '/v2/animals/{id}/rfi', { ...as, params: { id: cow.animal_id } })
    await sendBodyless('DELETE', '/v2/establishments/{id}/rfi/tests/{testId}', {
      ...as,
      params: { id: eid, testId },
    })
    await sendBodyless('DELETE', '/v2/establishments/{id}/feedlot/pens/{rodeoId}', {
      ...as,
      params: { id: eid, rodeoId: rodeo },
    })

    // The animal without events goes, sent with no body as curl sends a DELETE.
    await sendBodyless('DELETE', '/v1/establishment/{eid}/animals/{aid}', {
      ...as,
      params: { eid, aid: doomed.animal_id },
    })

    // Passwords: on another demo user, so the admin's token stays good.
    const other = await send('POST', '/v2/auth/login', {
      json: { username: 'usuario@demo.test', password: 'Demo1234' },
    })
    await send('POST', '/v2/auth/password/change', {
      token: other.token,
      json: { current_password: 'Demo1234', new_password: 'Contrato2026' },
    })
    await send('POST', '/v2/auth/password/reset/request', { json: { email: 'usuario@demo.test' } })
    // A well-formed token that was never issued: the documented refusal.
    await send('POST', '/v2/auth/password/reset/confirm', {
      json: { token: 'x'.repeat(43), new_password: 'Contrato2027' },
      expect: 400,
    })

    // Configuración (decision 032): establishments as a superadministrador, people as the admin.
    const root = {
      token: (
        await send('POST', '/v2/auth/login', {
          json: { username: 'superadmin@demo.test', password: 'Demo1234' },
        })
      ).token as string,
    }
    await sendBodyless('GET', '/v2/admin/establishments', root)
    const made = (await send('POST', '/v2/establishments', { ...root, json: { name: 'Contrato S.A.' } }))
      .data as {
      id: number
    }
    await sendBodyless('GET', '/v2/establishments/{id}', { ...as, params: { id: eid } })
    await send('PATCH', '/v2/establishments/{id}', {
      ...root,
      params: { id: made.id },
      json: { url_dashboard_cattle_handling: 'https://contrato.example.com/manga' },
    })
    await sendBodyless('POST', '/v2/establishments/{id}/archive', { ...root, params: { id: made.id } })
    await sendBodyless('POST', '/v2/establishments/{id}/unarchive', { ...root, params: { id: made.id } })
    await send('POST', '/v2/establishments/{id}/invitations', {
      ...as,
      params: { id: eid },
      json: { email: 'contrato@example.com', name: 'Contrato', role: 'usuario' },
    })
    const people = await sendBodyless('GET', '/v2/establishments/{id}/people', { ...as, params: { id: eid } })
    const invitationId = (people.data.invitations as { id: number; email: string }[]).find(
      (i) => i.email === 'contrato@example.com',
    )?.id as number
    const invitation = { ...as, params: { id: eid, invitationId } }
    await sendBodyless('POST', '/v2/establishments/{id}/invitations/{invitationId}/resend', invitation)
    await sendBodyless('DELETE', '/v2/establishments/{id}/invitations/{invitationId}', invitation)
    // The admin joins the new establishment (an account already: added at once), changes role, leaves.
    await send('POST', '/v2/establishments/{id}/invitations', {
      ...root,
      params: { id: made.id },
      json: { email: 'admin@demo.test', name: 'Admin', role: 'usuario' },
    })
    const me = (await sendBodyless('GET', '/v2/auth/me', as)).data as { id: number }
    const member = { ...root, params: { id: made.id, userId: me.id } }
    await send('PUT', '/v2/establishments/{id}/members/{userId}/role', {
      ...member,
      json: { role: 'usuario' },
    })
    await sendBodyless('DELETE', '/v2/establishments/{id}/members/{userId}', member)
    // Accounts: an unknown one, the documented refusal (a real one is tested in app/api/people).
    await sendBodyless('POST', '/v2/users/{userId}/deactivate', {
      ...root,
      params: { userId: 999999 },
      expect: 404,
    })
    await sendBodyless('POST', '/v2/users/{userId}/reactivate', {
      ...root,
      params: { userId: 999999 },
      expect: 404,
    })
    await send('POST', '/v2/auth/invitations/accept', {
      json: { token: 'x'.repeat(43), new_password: 'Contrato2027' },
      expect: 400,
    })
    // The establishment framework (decision 033): each kind's item is made, edited, archived,
    // restored and deleted (nothing uses it yet). The list and the create are walked here too.
    const frameworkBodies: Record<string, [unknown, unknown]> = {
      rodeos: [{ name: 'Contrato rodeo' }, { name: 'Contrato rodeo 2' }],
      bulls: [{ alias: 'Contrato toro', registration: 'HBA 1' }, { alias: 'Contrato toro 2' }],
      inseminators: [
        { first_name: 'Contrato', last_name: 'Uno' },
        { first_name: 'Contrato', last_name: 'Dos' },
      ],
      riders: [
        { key: 'CT-1', description: 'Contrato' },
        { key: 'CT-2', description: 'Contrato 2' },
      ],
      origins: [{ description: 'Contrato origen' }, { description: 'Contrato origen 2' }],
      owners: [{ name: 'Contrato propietario' }, { name: 'Contrato propietario 2' }],
    }
    for (const [kind, [body, edit]] of Object.entries(frameworkBodies)) {
      const list = `/v2/establishments/{id}/${kind}`
      const item = `${list}/{itemId}`
      await sendBodyless('GET', list, { ...as, params: { id: eid }, query: '?include_archived=true' })
      const made = await send('POST', list, { ...as, params: { id: eid }, json: body })
      const params = { id: eid, itemId: made.data.id as number }
      await send('PATCH', item, { ...as, params, json: edit })
      await sendBodyless('POST', `${item}/archive`, { ...as, params })
      await sendBodyless('POST', `${item}/restore`, { ...as, params })
      await sendBodyless('DELETE', item, { ...as, params })
    }

    // Every establishment's audit log is for superadmins: the admin walking is refused, as documented.
    await sendBodyless('GET', '/v2/audit-log', { ...as, expect: 403 })
    // Capacitación Digital: a course, read, edited, taken, with an attachment, then deleted.
    const courseBody = {
      title: 'Contrato',
      passMark: 50,
      lessons: [{ title: 'Una', body: '**Texto**', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
      questions: [{ prompt: '¿Sí?', options: ['Sí', 'No'], correct: 0 }],
    }
    const saved = await send<{ data: { id: number; lessonIds: number[] } }>(
      'POST',
      '/v2/establishments/{id}/courses',
      { ...as, params: { id: eid }, json: courseBody },
    )
    const courseParams = { id: eid, courseId: saved.data.id }
    const lessonParams = { ...courseParams, lessonId: saved.data.lessonIds[0] as number }
    await sendBodyless('GET', '/v2/establishments/{id}/courses/{courseId}', { ...as, params: courseParams })
    await sendBodyless('GET', '/v2/establishments/{id}/courses/{courseId}/authoring', {
      ...as,
      params: courseParams,
    })
    await send('PUT', '/v2/establishments/{id}/courses/{courseId}', {
      ...as,
      params: courseParams,
      json: { ...courseBody, lessons: [{ ...courseBody.lessons[0], id: lessonParams.lessonId }] },
    })
    await sendBodyless('POST', '/v2/establishments/{id}/courses/{courseId}/lessons/{lessonId}/done', {
      ...as,
      params: lessonParams,
    })
    await send('POST', '/v2/establishments/{id}/courses/{courseId}/quiz', {
      ...as,
      params: courseParams,
      json: { answers: [0] },
    })
    const picture = new FormData()
    picture.set(
      'file',
      new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'a.png'),
    )
    const attachment = await send<{ data: { id: number } }>(
      'POST',
      '/v2/establishments/{id}/courses/{courseId}/lessons/{lessonId}/attachments',
      { ...as, params: lessonParams, form: picture },
    )
    const attachmentParams = { id: eid, attachmentId: attachment.data.id }
    await sendBodyless('GET', '/v2/establishments/{id}/course-attachments/{attachmentId}', {
      ...as,
      params: attachmentParams,
    })
    await sendBodyless('DELETE', '/v2/establishments/{id}/course-attachments/{attachmentId}', {
      ...as,
      params: attachmentParams,
    })
    await sendBodyless('DELETE', '/v2/establishments/{id}/courses/{courseId}', {
      ...as,
      params: courseParams,
    })

    // Routes of one establishment that need nothing made first are walked without a line here.
    await walkDerivable(token, eid)

    // Last: the session ends, with no body, as ky and curl send it.
    await sendBodyless('POST', '/v2/auth/logout', as)
    await sendBodyless('GET', '/v2/auth/me', { ...as, expect: 401 })
  }
})
