/**
 * Compression of the app's own answers (pages, server functions, local endpoints, the provider
 * API) for the production server (scripts/serve.ts, decision 025). Static files never come through
 * here: they are precompressed at build (scripts/precompress.ts) and served as they are on disk.
 */
import { Readable } from 'node:stream'
import { constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib'
import type { ServerMiddleware } from 'srvx'

export type Encoding = 'br' | 'gzip'

/**
 * Below this a body is sent as it is: headers and framing dominate, and gzip's own 18 bytes of
 * header and trailer can make a tiny body larger.
 */
export const COMPRESS_MIN_BYTES = 1024

/**
 * Brotli quality 4 and gzip level 6: measured on the Animales page (370 KB of HTML) and a 50-row
 * list (78 KB of JSON), brotli 4 is both smaller and faster than gzip 6 (25.0 KB in 1.7 ms against
 * 28.5 KB in 2.4 ms); higher brotli qualities cost more CPU per request than their bytes save on a
 * server that compresses every page.
 */
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6

/** Text the app writes: HTML, JSON, JavaScript, XML, CSS, plain text. Not xlsx, images or zips. */
export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false
  const type = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase()
  // An event stream is read as it comes; it is never worth delaying one for a better ratio.
  if (type === 'text/event-stream') return false
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.endsWith('+xml') ||
    type === 'application/xml' ||
    type === 'application/javascript'
  )
}

/**
 * The encoding to answer with, from the request's Accept-Encoding: the acceptable one of highest
 * q-value, brotli on a tie; none when the header is missing or refuses both (`identity` then).
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const quality = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.split(';')
    const name = token.trim().toLowerCase()
    if (!name) continue
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim())
      if (key === 'q') q = Number.parseFloat(value) || 0
    }
    quality.set(name, q)
  }
  const wildcard = quality.get('*') ?? 0
  const br = quality.get('br') ?? wildcard
  const gzip = quality.get('gzip') ?? wildcard
  if (br <= 0 && gzip <= 0) return undefined
  return br >= gzip ? 'br' : 'gzip'
}

function createEncoder(encoding: Encoding) {
  return encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : createGzip({ level: GZIP_LEVEL })
}

/** Adds `Accept-Encoding` to Vary unless it (or `*`) is there already. */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary')
  if (!vary) return headers.set('vary', 'Accept-Encoding')
  const names = vary.split(',').map((name) => name.trim().toLowerCase())
  if (!names.includes('*') && !names.includes('accept-encoding'))
    headers.set('vary', `${vary}, Accept-Encoding`)
}

/**
 * The answer as it is, with Vary set on its own headers: re-wrapping its body in a new Response
 * would turn the server's string page (a srvx FastResponse, written to the socket as it is) into a
 * web stream read chunk by chunk (decision 051). Headers that cannot change (an answer of `fetch`)
 * are copied instead.
 */
function withVary(response: Response) {
  try {
    varyOnEncoding(response.headers)
    return response
  } catch {
    const headers = new Headers(response.headers)
    varyOnEncoding(headers)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/** Reads from `reader` until at least `bytes` have come or the body ends. */
async function readAtLeast(reader: ReadableStreamDefaultReader<Uint8Array>, bytes: number) {
  const chunks: Uint8Array[] = []
  let length = 0
  while (length < bytes) {
    const { done, value } = await reader.read()
    if (done) return { chunks, length, done: true }
    chunks.push(value)
    length += value.byteLength
  }
  return { chunks, length, done: false }
}

/**
 * The rest of the body through the encoder. Streams must still stream (the SSR page arrives in
 * bursts while its data loads; the export writes rows for seconds): whenever the source pauses,
 * what has been compressed so far is flushed to the client (a sync flush keeps the dictionary, so
 * the ratio barely moves). Flushing once per pause, not per chunk, keeps a burst of chunks in one
 * compressed block. Backpressure holds: the encoder's buffer bounds what is read ahead.
 */
function compressBody(
  head: Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const encoder = createEncoder(encoding)
  let flushPending = false
  const flushSoon = () => {
    if (flushPending) return
    flushPending = true
    setImmediate(() => {
      flushPending = false
      if (encoder.writableEnded || encoder.destroyed) return
      if (encoding === 'gzip') (encoder as Gzip).flush(constants.Z_SYNC_FLUSH)
      else encoder.flush()
    })
  }
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        encoder.off('drain', done)
        encoder.off('close', done)
        resolve()
      }
      encoder.on('drain', done)
      encoder.on('close', done)
    })
  const pump = async () => {
    try {
      for (const chunk of head) encoder.write(chunk)
      flushSoon()
      for (;;) {
        if (encoder.destroyed) return void (await reader.cancel())
        const { done, value } = await reader.read()
        if (done) return void encoder.end()
        if (!encoder.write(value)) await writable()
        flushSoon()
      }
    } catch (error) {
      encoder.destroy(error as Error)
    }
  }
  // The client went away (the web stream was cancelled, which destroys the encoder): stop reading.
  encoder.once('close', () => {
    if (!encoder.writableFinished) void reader.cancel().catch(() => {})
  })
  void pump()
  return Readable.toWeb(encoder) as ReadableStream<Uint8Array>
}

/**
 * srvx middleware: compresses a compressible answer of at least COMPRESS_MIN_BYTES with the
 * encoding the client prefers, and says `Vary: Accept-Encoding` on every compressible answer (a
 * shared cache must not hand a brotli body to a client that asked for none). A body of unknown
 * length is peeked at until the threshold, so a tiny streamed answer is sent as it is. Left alone:
 * HEAD, 204/206/304, answers that are already encoded or say `no-transform`, and other types (the
 * xlsx export is a zip already). Every header the app set (the security headers of decision 014,
 * cookies) is kept.
 */
export const compression: ServerMiddleware = async (request, next) => {
  const response = await next()
  // The body is looked at only when compressing: reading `body` of the server's string page (a
  // srvx FastResponse) would turn it into a web stream (decision 051).
  if (
    request.method === 'HEAD' ||
    [204, 206, 304].includes(response.status) ||
    response.headers.has('content-encoding') ||
    !isCompressibleType(response.headers.get('content-type'))
  )
    return response
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  const declared = response.headers.get('content-length')
  const noTransform = /(^|,)\s*no-transform\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')
  const tooSmall = declared !== null && Number(declared) < COMPRESS_MIN_BYTES
  if (!encoding || noTransform || tooSmall) return withVary(response)
  if (!response.body) return response

  const headers = new Headers(response.headers)
  varyOnEncoding(headers)
  const init = { status: response.status, statusText: response.statusText, headers }
  const reader = response.body.getReader()
  const head = await readAtLeast(reader, COMPRESS_MIN_BYTES)
  if (head.done && head.length < COMPRESS_MIN_BYTES) {
    headers.set('content-length', String(head.length))
    return new Response(Buffer.concat(head.chunks), init)
  }
  headers.delete('content-length')
  headers.set('content-encoding', encoding)
  // A strong validator names exact bytes; these bytes are the encoder's.
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
  return new Response(compressBody(head.chunks, reader, encoding), init)
}
