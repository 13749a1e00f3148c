import { readdirSync, readFileSync, statSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib'
import { FastResponse } from 'srvx'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { read } from 'xlsx'
import { type ProductionServer, root, startProductionServer } from '../tests/support/production-server'
import { COMPRESS_MIN_BYTES, compression, negotiateEncoding } from './compression'
import { HASHED_CACHE_CONTROL } from './static-files'

/** A GET over a raw socket: the bytes as they travel (fetch would decode them), and the headers. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: Buffer
  }>((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

function decode(body: Buffer, encoding: string | string[] | undefined) {
  if (encoding === 'br') return brotliDecompressSync(body)
  if (encoding === 'gzip') return gunzipSync(body)
  return body
}

describe('negotiating the encoding', () => {
  it('prefers brotli, honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('identity')).toBeUndefined()
    expect(negotiateEncoding('*;q=0')).toBeUndefined()
    expect(negotiateEncoding(null)).toBeUndefined()
  })
})

describe('the compression middleware keeps a stream streaming', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`hands over the first part of a paused ${encoding} stream before the rest exists`, async () => {
      const first = `<!doctype html><html><body>${'<p>primera parte</p>'.repeat(200)}`
      let release = () => {}
      const paused = new Promise<void>((resolve) => {
        release = resolve
      })
      const source = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(first))
          // The rest waits (as the page's data would): the client must have the first part by now.
          await paused
          controller.enqueue(new TextEncoder().encode('<p>resto</p></body></html>'))
          controller.close()
        },
      })
      const request = new Request('http://localhost/', { headers: { 'accept-encoding': encoding } })
      const response = await compression(
        request as Parameters<typeof compression>[0],
        () => new Response(source, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      )
      expect(response.headers.get('content-encoding')).toBe(encoding)

      const decoder = encoding === 'br' ? createBrotliDecompress() : createGunzip()
      let text = ''
      decoder.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      const reader = (response.body as ReadableStream<Uint8Array>).getReader()
      const ended = new Promise((resolve, reject) => decoder.once('end', resolve).once('error', reject))
      const pumped = (async () => {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) return void decoder.end()
          decoder.write(value)
        }
      })()
      await vi.waitFor(() => expect(text, 'the first part arrives while the rest is pending').toBe(first), {
        timeout: 5_000,
      })
      release()
      await pumped
      await ended
      expect(text).toBe(`${first}<p>resto</p></body></html>`)
    })
  }
})

/**
 * The production server (`npm run serve` on the built `dist/`) over real sockets: what travels for
 * the app's pages and JSON, its static files and the streamed export (decision 025). Needs `dist/`,
 * which `npm test` builds before the unit tests.
 */
describe('bytes on the wire of the production server', () => {
  let server: ProductionServer
  let token: string

  beforeAll(async () => {
    // The embedded engine with its demo data, whatever DATABASE_URL the suite runs with (CI points
    // it at the tests' shared PostgreSQL, which holds no demo users).
    server = await startProductionServer({ DATABASE_URL: '' })
    const signedIn = await fetch(`${server.origin}/app-insights/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.test', password: 'Demo1234' }),
    })
    token = ((await signedIn.json()) as { token: string }).token
  }, 180_000)

  afterAll(async () => {
    await server?.stop()
  }, 30_000)

  const listPath = '/app-insights/api/v2/establishments/1/animals?page=1&perPage=50'
  const animalsPage = '/management/establishment/app-insights/animals/1/breeding-herd'

  it('compresses the JSON of a list page as the client asks: brotli first, else gzip, else none', async () => {
    const auth = { authorization: `Bearer ${token}` }
    const plain = await get(`${server.origin}${listPath}`, auth)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    const rows = JSON.parse(plain.body.toString()) as { data: unknown[] }
    expect(rows.data).toHaveLength(50)

    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(`${server.origin}${listPath}`, { ...auth, 'accept-encoding': accept })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe(expected)
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      // Decision 014's headers stay on the compressed answer.
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.body.length).toBeLessThan(plain.body.length / 5)
      expect(JSON.parse(decode(answer.body, expected).toString())).toEqual(rows)
    }
  })

  it('compresses the streamed Animales page, which arrives whole, under 40 KB, with its headers', async () => {
    const cookie = { cookie: `insights_token=${token}` }
    const answer = await get(`${server.origin}${animalsPage}`, { ...cookie, 'accept-encoding': 'gzip, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'nonce-/)
    expect(answer.headers['x-frame-options']).toBe('DENY')
    expect(String(answer.headers['set-cookie'])).toContain('insights_establishment=1')
    expect(answer.body.length).toBeLessThanOrEqual(40 * 1024)
    const html = decode(answer.body, 'br').toString()
    expect(html).toContain('Animales')
    expect(html.trimEnd()).toMatch(/<\/html>$/)
    // The lean table (decision 025): the 50-row page was 370 KB before its cells lost their
    // per-cell classes, 211 KB after; what the browser parses matters even when the wire hides it.
    expect(html.length).toBeLessThan(260_000)
  })

  it('leaves tiny answers as they are', async () => {
    const health = await get(`${server.origin}/app-insights/api/health`, { 'accept-encoding': 'br, gzip' })
    expect(health.body.length).toBeLessThan(COMPRESS_MIN_BYTES)
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' })
  })

  it('serves hashed assets precompressed from the build, immutable for a year; other files revalidated', async () => {
    const assets = path.join(root, 'dist/client/assets')
    const script = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]
    if (!script) throw new Error('sin JavaScript en dist/client/assets')
    const file = path.join(assets, script)
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const answer = await get(`${server.origin}/assets/${script}`, { 'accept-encoding': accept })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers['cache-control']).toBe(HASHED_CACHE_CONTROL)
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      // Exactly the bytes the build wrote: nothing is compressed per request.
      const variant = readFileSync(`${file}.${encoding === 'br' ? 'br' : 'gz'}`)
      expect(answer.body.equals(variant)).toBe(true)
      expect(Number(answer.headers['content-length'])).toBe(variant.length)
      expect(decode(answer.body, encoding).equals(readFileSync(file))).toBe(true)
    }
    const identity = await get(`${server.origin}/assets/${script}`)
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.equals(readFileSync(file))).toBe(true)

    const icon = await get(`${server.origin}/favicon.svg`, { 'accept-encoding': 'br' })
    expect(icon.status).toBe(200)
    expect(icon.headers['cache-control']).not.toMatch(/immutable/)
    expect(icon.headers['cache-control']).toMatch(/max-age=0|no-cache/)
  })

  it('streams the xlsx export whole and untouched, whatever the client accepts', async () => {
    const total = (
      JSON.parse(
        (await get(`${server.origin}${listPath}`, { authorization: `Bearer ${token}` })).body.toString(),
      ) as {
        meta: { total: number }
      }
    ).meta.total
    for (const [url, headers] of [
      [`/app-insights/api/v2/establishments/1/animals/export`, { authorization: `Bearer ${token}` }],
      [`/api/export/animals?establishmentId=1`, { cookie: `insights_token=${token}` }],
    ] as const) {
      const answer = await get(`${server.origin}${url}`, { ...headers, 'accept-encoding': 'br, gzip' })
      expect(answer.status).toBe(200)
      expect(answer.headers['content-type']).toContain('spreadsheetml')
      // A zip already: compressing it again would cost CPU for nothing.
      expect(answer.headers['content-encoding']).toBeUndefined()
      const sheet = read(answer.body, { dense: true }).Sheets.Datos
      expect(sheet?.['!data']?.length, 'a header row and one row per animal').toBe(total + 1)
    }
  })
})

describe('an answer the middleware does not compress', () => {
  it('is handed back as it is, so the server’s string page stays a string srvx writes (decision 051)', async () => {
    const html = `<!DOCTYPE html><html><body>${'<p>fila</p>'.repeat(400)}</body></html>`
    const page = new FastResponse(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
    const request = new Request('http://localhost/') // no Accept-Encoding (autocannon, curl)
    const answer = await compression(request as Parameters<typeof compression>[0], () => page)
    expect(answer).toBe(page)
    expect(answer.headers.get('vary')).toMatch(/accept-encoding/i)
    // Not turned into a web stream on the way: srvx still finds the string to write.
    const sent = (
      answer as unknown as { _toNodeResponse(): { body: unknown; headers: string[] } }
    )._toNodeResponse()
    expect(sent.body).toBe(html)
    expect(sent.headers).toContain('vary')
  })
})
