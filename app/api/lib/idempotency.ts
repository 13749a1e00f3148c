import type { RouteConfig } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import {
  claimKey,
  pruneKeys,
  readKey,
  releaseKey,
  requestHash,
  storeAnswer,
} from '~/features/offline/idempotency.server'
import { IDEMPOTENCY_MESSAGES } from '~/features/offline/offline.schema'
import { ApiError, errorSchema } from './errors'
import type { EstablishmentEnv } from './types'

/**
 * Idempotent creates (issue 23, decision 040). A client that may send a write twice — the offline
 * chute's outbox resends a record whose answer was lost — names it with an `Idempotency-Key` of its
 * own. The first request with a key claims it (one insert: of two identical requests at once, one
 * claims it) and runs; its 2xx answer is kept, and a repeat gets that answer again (status and
 * body, marked `Idempotent-Replayed: true`) without a second row. A repeat that arrives while the
 * first is still running waits for its answer. A refusal (4xx) or failure is not kept: the key is
 * freed, so the record can be sent again once the cause is gone. Reusing a key for another request
 * body answers 422. Keys are per establishment: two establishments never see each other's.
 *
 * Added by the guarded factory (`establishmentRoute(…, { idempotent: true })`) after the
 * membership check, so a key is only ever read or written for a member of its establishment.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export { IDEMPOTENCY_MESSAGES }

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,200}$/

/** The header as OpenAPI documents it on every idempotent route. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .meta({
      description:
        'Clave única generada por el cliente (8 a 200 caracteres: letras, números, - o _), por ejemplo un UUID. ' +
        'Un reintento con la misma clave y el mismo cuerpo recibe la respuesta del primero sin crear otro ' +
        'registro (encabezado Idempotent-Replayed: true); con otro cuerpo, 422. Las claves son por establecimiento.',
      param: { name: 'idempotency-key', in: 'header' },
    }),
})

export const idempotencyResponses = {
  422: {
    description: 'La clave de idempotencia ya se usó con otro cuerpo',
    content: { 'application/json': { schema: errorSchema } },
  },
} as const

/** How long a repeat waits for the first request's answer before answering 409. */
const WAIT_MS = 15_000
const POLL_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The idempotency middleware of one route; runs after the establishment guard. */
export function idempotent(route: RouteConfig) {
  const routeKey = `${route.method.toUpperCase()} ${route.path}`
  return createMiddleware<EstablishmentEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key)) throw new ApiError(400, IDEMPOTENCY_MESSAGES.invalid)
    const { db, establishmentId } = c.var
    const text = await c.req.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: hashed as sent; the route's validator refuses it next.
    }
    const hash = requestHash(routeKey, c.req.path, body)
    void pruneKeys(db).catch(() => undefined)

    const deadline = Date.now() + WAIT_MS
    for (;;) {
      if (await claimKey(db, establishmentId, key, routeKey, hash)) break
      const stored = await readKey(db, establishmentId, key)
      if (!stored) continue // freed meanwhile (the first was refused): claim it again
      if (stored.route !== routeKey || stored.requestHash !== hash)
        throw new ApiError(422, IDEMPOTENCY_MESSAGES.reused)
      if (stored.status !== null) {
        c.header('Idempotent-Replayed', 'true')
        return c.json(stored.response as object, stored.status as 200)
      }
      if (stored.abandoned) {
        await releaseKey(db, establishmentId, key, true)
        continue
      }
      if (Date.now() > deadline) throw new ApiError(409, IDEMPOTENCY_MESSAGES.busy)
      await sleep(POLL_MS)
    }

    // This request holds the key: run the write, then keep its answer or free the key.
    try {
      await next()
    } catch (error) {
      await releaseKey(db, establishmentId, key)
      throw error
    }
    const status = c.res.status
    if (status >= 200 && status < 300) {
      const answer: unknown = await c.res
        .clone()
        .json()
        .catch(() => null)
      await storeAnswer(db, establishmentId, key, status, answer)
    } else {
      await releaseKey(db, establishmentId, key)
    }
  })
}
