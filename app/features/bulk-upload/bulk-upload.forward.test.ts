import ky from 'ky'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApi } from '~/api/testing.server'
import { testEngines } from '~/db/testing.server'
import { TOKEN_COOKIE } from '~/features/auth/session.server'
import { FORWARD_MESSAGES, forwardBulkUpload } from './bulk-upload.forward.server'
import { MAX_UPLOAD_REQUEST_BYTES } from './bulk-upload.templates'
import {
  createUploadTestApi,
  fillTemplate,
  type seedUploadFixtures,
  uploadForm,
  xlsxFile,
} from './testing.server'

const ORIGIN = 'http://insights.test'

/**
 * The local upload endpoint (POST /api/bulk-upload/{kind}) called with forged requests: nothing
 * is read from a body before the request proved it may send one, and what is forwarded reaches
 * the provider API (security review 1 and 7).
 */
describe.each(testEngines())('the upload forwarder on %s', (engine) => {
  let t: TestApi
  let f: Awaited<ReturnType<typeof seedUploadFixtures>>
  let eidA: number
  let tokens: Awaited<ReturnType<typeof createUploadTestApi>>['tokens']

  /** The provider client the BFF would build, bound to the test API. */
  const client = (token: string) =>
    ky.create({
      baseUrl: `${ORIGIN}/app-insights/api/`,
      retry: 0,
      headers: { authorization: `Bearer ${token}` },
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => t.api.fetch(new Request(input, init)),
    })

  const weighingsFile = () => xlsxFile(fillTemplate('weighing', [['V-001', null, '15/03/2025', 350, null]]))
  const weighingsForm = () =>
    uploadForm(weighingsFile(), {
      establishmentId: String(eidA),
      cattle_handling_id: String(f.sessions.weighing),
    })

  /** The request a page of the site would send: its cookie, same-origin, a declared length. */
  async function forged(
    form: FormData,
    options: { token?: string | null; headers?: Record<string, string>; length?: string | null } = {},
  ) {
    const draft = new Request(`${ORIGIN}/api/bulk-upload/weighings`, { method: 'POST', body: form })
    const body = new Uint8Array(await draft.arrayBuffer())
    const headers = new Headers({
      'content-type': draft.headers.get('content-type') ?? '',
      'sec-fetch-site': 'same-origin',
      ...options.headers,
    })
    const token = options.token === undefined ? tokens.admin : options.token
    if (token !== null) headers.set('cookie', `theme=dark; ${TOKEN_COOKIE}=${token}`)
    const length = options.length === undefined ? String(body.length) : options.length
    if (length !== null) headers.set('content-length', length)
    return new Request(`${ORIGIN}/api/bulk-upload/weighings`, { method: 'POST', headers, body })
  }

  async function answer(request: Request, kind = 'weighings') {
    const response = await forwardBulkUpload(request, kind, client)
    return { status: response.status, body: (await response.json()) as { error?: string; data?: unknown } }
  }

  beforeAll(async () => {
    ;({ t, f, eidA, tokens } = await createUploadTestApi(engine))
  })
  afterAll(() => t.close())

  it('forwards a same-origin upload of a signed-in admin to the provider', async () => {
    const { status, body } = await answer(await forged(weighingsForm()))
    expect(status, JSON.stringify(body)).toBe(201)
    expect(body.data).toMatchObject({ created: 1, cattle_handling_id: f.sessions.weighing })
    // A plain member reaches the provider too, which answers its own refusal.
    const member = await answer(await forged(weighingsForm(), { token: tokens.member }))
    expect(member.status).toBe(403)
    expect(member.body.error).toMatch(/administrador/)
  })

  // A cross-site request never gets here: the same-origin check of every local endpoint is the
  // middleware's in app/start.ts (tests/e2e/security.test.ts sends them over HTTP).
  it('refuses an unknown kind and a request without a session', async () => {
    expect((await answer(await forged(weighingsForm()), 'weighings-x')).body.error).toBe(
      FORWARD_MESSAGES.unknownKind,
    )
    expect((await answer(await forged(weighingsForm()), '__proto__')).status).toBe(404)

    const noCookie = await forged(weighingsForm(), { token: null })
    expect(await answer(noCookie)).toEqual({
      status: 401,
      body: { error: FORWARD_MESSAGES.signedOut, rows: [] },
    })
    expect(noCookie.bodyUsed).toBe(false)
    // A cookie is not a session: a token the provider does not know is refused before the body is read.
    const forgedCookie = await forged(weighingsForm(), { token: 'x'.repeat(43) })
    expect((await answer(forgedCookie)).status).toBe(401)
    expect(forgedCookie.bodyUsed).toBe(false)
  })

  it('refuses a body without a declared length or over the cap, without buffering it', async () => {
    const chunked = await forged(weighingsForm(), { length: null })
    expect(await answer(chunked)).toEqual({
      status: 411,
      body: { error: FORWARD_MESSAGES.noLength, rows: [] },
    })
    expect(chunked.bodyUsed).toBe(false)
    expect((await answer(await forged(weighingsForm(), { length: 'abc' }))).status).toBe(411)

    const declaredTooLarge = await forged(weighingsForm(), { length: String(MAX_UPLOAD_REQUEST_BYTES + 1) })
    expect(await answer(declaredTooLarge)).toEqual({
      status: 413,
      body: { error: FORWARD_MESSAGES.tooLarge, rows: [] },
    })
    expect(declaredTooLarge.bodyUsed).toBe(false)
    expect(FORWARD_MESSAGES.tooLarge).toBe('El archivo es demasiado grande (máximo 10 MB)')

    // A length that understates the body: the count stops reading at the cap.
    const big = xlsxFile(new Uint8Array(MAX_UPLOAD_REQUEST_BYTES + 1024), 'grande.xlsx')
    const lying = await forged(uploadForm(big, { establishmentId: String(eidA) }), { length: '1000' })
    expect((await answer(lying)).status).toBe(413)
  })

  it('forwards the animals upload only to an establishment named by digits', async () => {
    for (const establishmentId of ['1/../2', '1?x=1', '', ' 1', '-1', '0', String(2 ** 31), '1e3']) {
      const form = uploadForm(xlsxFile(fillTemplate('animals', [])), { establishmentId })
      const { status, body } = await answer(await forged(form), 'animals')
      expect(status, establishmentId).toBe(400)
      expect(body.error, establishmentId).toBe(FORWARD_MESSAGES.badEstablishment)
    }
    // A valid one reaches the provider's path of that establishment (an empty file: 400 from there).
    const form = uploadForm(xlsxFile(fillTemplate('animals', [])), { establishmentId: String(eidA) })
    const { status, body } = await answer(await forged(form), 'animals')
    expect(status).toBe(400)
    expect(body.error).not.toBe(FORWARD_MESSAGES.badEstablishment)
  })
})
