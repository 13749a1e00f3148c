import type { Context, MiddlewareHandler } from 'hono'
import { MAX_UPLOAD_REQUEST_BYTES } from '~/features/bulk-upload/bulk-upload.templates'

/**
 * The largest body any request of the app may carry: the largest legitimate one, an upload, plus
 * headroom, so that the upload routes' own (smaller) limit answers first with its own message.
 */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_REQUEST_BYTES + 1024 * 1024

export const REQUEST_TOO_LARGE = `La solicitud es demasiado grande (máximo ${Math.floor(
  MAX_REQUEST_BODY_BYTES / 1024 / 1024,
)} MB)`

/** Hono keeps the promise of each body read in this cache (its type says the value). */
type BodyCache = { arrayBuffer?: Promise<ArrayBuffer> }

/**
 * A cap on the request body: a declared length is checked before anything is read, a body
 * without one (chunked, or a DELETE/PATCH/POST sent with no body at all) is counted as it arrives.
 *
 * Not `hono/body-limit`: after counting a body it rebuilds the request with
 * `new Request(c.req.raw, …)`, and the native constructor refuses srvx's Node request (a fast
 * wrapper without undici's internals: 'Cannot read private member #state'). Over a real socket
 * every request without a declared length took that path and answered 500, while in-process
 * tests (whose requests are native) passed. The counted bytes go to Hono's own body cache
 * instead, which every reader of the body (validators, `c.req.json()`, `parseBody`) reads first;
 * the request object is kept as its server made it.
 */
export function bodyLimit(options: {
  maxSize: number
  onError: (c: Context) => Response
}): MiddlewareHandler {
  const { maxSize, onError } = options
  return async (c, next) => {
    const cache = c.req.bodyCache as BodyCache
    if (cache.arrayBuffer) return (await cache.arrayBuffer).byteLength > maxSize ? onError(c) : next()
    const raw = c.req.raw
    if (!raw.body) return next()
    const declared = raw.headers.get('content-length')
    if (declared !== null && !raw.headers.has('transfer-encoding'))
      return Number.parseInt(declared, 10) > maxSize ? onError(c) : next()

    const chunks: Uint8Array[] = []
    let size = 0
    const reader = raw.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxSize) {
        await reader.cancel().catch(() => {})
        return onError(c)
      }
      chunks.push(value)
    }
    const body = new Uint8Array(size)
    let offset = 0
    for (const chunk of chunks) {
      body.set(chunk, offset)
      offset += chunk.byteLength
    }
    cache.arrayBuffer = Promise.resolve(body.buffer)
    return next()
  }
}

/**
 * Every body the provider API reads has a cap, whoever serves it (the production server, `vite
 * dev`, another host behind PROVIDER_URL).
 */
export const apiBodyLimit = bodyLimit({
  maxSize: MAX_REQUEST_BODY_BYTES,
  onError: (c) => c.json({ error: REQUEST_TOO_LARGE }, 413),
})

/** srvx's error for a body over its `maxRequestBodySize` (thrown while the body is read). */
export function isBodyTooLarge(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ERR_BODY_TOO_LARGE'
}
