import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { z } from 'zod'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { getMembership } from '~/features/establishments/establishments.server'
import { forbidden, notFound } from '~/lib/domain-errors'
import { bearerSecurity, requireAuth } from './auth'
import { idempotencyHeaders, idempotencyResponses, idempotent } from './idempotency'
import type { ApiEnv, EstablishmentEnv } from './types'

/**
 * Routes that check who may touch what before their handler runs (decision 021). Every route that
 * needs a signed-in caller is declared with one of the factories below instead of `createRoute`:
 *
 * - `establishmentRoute`: the request names an establishment (a path parameter, a query or body
 *   field, or something the body names, such as animals); the caller must belong to it (and be its
 *   admin, when the route says so), or 403. The handler reads `c.var.establishmentId` and
 *   `c.var.membership`.
 * - `resourceRoute`: the request names a resource by its own id (an animal, a session, an event, an
 *   alert); the caller must belong to the establishment(s) it belongs to. Unknown resources and
 *   those of other establishments answer the same 404 with the resource's message, so ids of
 *   other establishments cannot be probed.
 * - `callerRoute`: the route answers about the caller only (their session, their establishments)
 *   or about lookups shared by all.
 *
 * The check runs before the request is validated, so a caller without access learns nothing about
 * what a valid request would look like. It reads the part that names the establishment with the
 * route's own schema: when that part is invalid the check lets it through to the route's
 * validator, which then refuses it with its 400 (and the handler never runs), so a member's bad
 * request answers exactly as before.
 */

/** The parts of a request a route's schemas validate (the validators' target names). */
type Part = 'param' | 'query' | 'json' | 'form'

type Request = NonNullable<RouteConfig['request']>
type PartSchema<R extends RouteConfig, P extends Part> = R['request'] extends Request
  ? P extends 'param'
    ? R['request']['params']
    : P extends 'query'
      ? R['request']['query']
      : R['request']['body'] extends { content: infer C }
        ? P extends 'json'
          ? C extends { 'application/json': { schema: infer S } }
            ? S
            : never
          : C extends { 'multipart/form-data': { schema: infer S } }
            ? S
            : never
        : never
  : never
/** A request part as its schema outputs it. */
type PartValue<R extends RouteConfig, P extends Part> =
  PartSchema<R, P> extends z.ZodType ? z.output<PartSchema<R, P>> : never

/** What a resolver may use: the database and the signed-in caller. */
export type GuardContext = { var: Pick<ApiEnv['Variables'], 'db' | 'user'> }

type Resolver<R extends RouteConfig, P extends Part, T> = (
  c: GuardContext,
  input: PartValue<R, P>,
) => Promise<T>

export type EstablishmentAccess<R extends RouteConfig> = {
  [P in Part]: {
    in: P
    /**
     * The field of the part that holds the establishment's id, or how to find the establishment
     * from the (valid) part when it names something else (animals: decision 010).
     */
    establishment: (keyof PartValue<R, P> & string) | Resolver<R, P, number>
    /** Admins only (and superadmins): the refusal for a plain member (403). */
    admin?: string
    /** Superadmins only: the refusal for everyone else who may see the establishment (403). */
    superadmin?: string
    /**
     * A create a client may send twice (the offline chute's outbox): it takes an `Idempotency-Key`
     * header and answers a repeat with the first answer (`./idempotency.ts`, decision 040).
     */
    idempotent?: boolean
  }
}[Part]

export type ResourceAccess<R extends RouteConfig> = {
  [P in Part]: {
    in: P
    /** The establishment(s) of the resource(s) the part names; undefined when one is unknown. */
    resource: Resolver<R, P, number | readonly number[] | undefined>
    /** The resource's 404 message, for unknown and foreign alike. */
    notFound: string | ((input: PartValue<R, P>) => string)
  }
}[Part]

/** How a route is guarded, as the isolation test reads it. */
export interface RouteAccess {
  kind: 'establishment' | 'resource' | 'caller' | 'superadmin'
  /** The request part that names the establishment or resource. */
  in?: Part
  /** The field of that part holding the establishment's id, when it is one field. */
  field?: string
}

/**
 * How each route declared through these factories is guarded, by `METHOD /path` as the OpenAPI
 * document names it. The isolation test walks the document with it: a route that needs a token
 * and is missing here was declared around the factories.
 */
export const routeAccess = new Map<string, RouteAccess>()

function register(route: RouteConfig, access: RouteAccess) {
  const key = `${route.method.toUpperCase()} ${route.path}`
  routeAccess.set(key, access)
}

/** The route's own middleware, as a tuple (none when it declares none). */
type OwnMiddleware<R> = R extends { middleware: infer M }
  ? M extends readonly MiddlewareHandler[]
    ? [...M]
    : M extends MiddlewareHandler
      ? [M]
      : []
  : []
/** The route as declared, with the token check and the guard after its own middleware. */
type Guarded<R extends RouteConfig, G extends MiddlewareHandler> = Omit<R, 'middleware'> & {
  middleware: [...OwnMiddleware<R>, typeof requireAuth, G]
} & { getRoutingPath(): string }

/**
 * The route for `createRoute`: documented as needing a bearer token, and run after its own
 * middleware (an upload's size cap) through the token check, then the guard.
 */
function withMiddleware(route: RouteConfig, guards: MiddlewareHandler[]) {
  const own =
    route.middleware === undefined
      ? []
      : Array.isArray(route.middleware)
        ? route.middleware
        : [route.middleware]
  return createRoute({ ...route, security: bearerSecurity, middleware: [...own, requireAuth, ...guards] })
}

/** A route about the caller, or about lookups every signed-in user shares: a token is enough. */
export function callerRoute<const R extends RouteConfig>(route: R) {
  register(route, { kind: 'caller' })
  return withMiddleware(route, []) as unknown as Omit<R, 'middleware'> & {
    middleware: [...OwnMiddleware<R>, typeof requireAuth]
  } & { getRoutingPath(): string }
}

/**
 * A route that acts on every establishment or on accounts (create an establishment, list them all,
 * deactivate an account): superadministradores only, 403 with `refusal` for everyone else.
 */
export function superadminRoute<const R extends RouteConfig>(route: R, access: { refusal: string }) {
  register(route, { kind: 'superadmin' })
  const guard = createMiddleware<ApiEnv>(async (c, next) => {
    if (!c.var.user.is_super_admin) throw forbidden(access.refusal)
    await next()
  })
  return withMiddleware(route, [guard]) as unknown as Guarded<R, typeof guard>
}

/** A route of one establishment: the caller must belong to it (403 otherwise). */
export function establishmentRoute<const R extends RouteConfig>(route: R, access: EstablishmentAccess<R>) {
  register(route, {
    kind: 'establishment',
    in: access.in,
    field: typeof access.establishment === 'string' ? access.establishment : undefined,
  })
  if (typeof access.establishment === 'string') fieldSchema(route, access.in, access.establishment)
  const guard = createMiddleware<EstablishmentEnv>(async (c, next) => {
    const input = await readPart(c, route, access.in, access.establishment)
    if (input === invalidPart) return next()
    const establishmentId =
      typeof access.establishment === 'string'
        ? (input as number)
        : await (access.establishment as Resolver<R, Part, number>)(c, input as never)
    const membership = await getMembership(c.var.db, c.var.user, establishmentId)
    if (!membership) throw forbidden(ESTABLISHMENT_ACCESS_DENIED)
    if (access.admin !== undefined && !membership.is_admin) throw forbidden(access.admin)
    if (access.superadmin !== undefined && !c.var.user.is_super_admin) throw forbidden(access.superadmin)
    c.set('establishmentId', establishmentId)
    c.set('membership', membership)
    await next()
  })
  if (!access.idempotent) return withMiddleware(route, [guard]) as unknown as Guarded<R, typeof guard>
  // The key is read after the membership check: only members ever touch an establishment's keys.
  const documented = {
    ...route,
    request: { ...route.request, headers: idempotencyHeaders },
    responses: { ...route.responses, ...idempotencyResponses },
  }
  return withMiddleware(documented, [guard, idempotent(route)]) as unknown as Guarded<R, typeof guard>
}

/** A route of a resource named by its own id: the caller must belong to its establishment (404). */
export function resourceRoute<const R extends RouteConfig>(route: R, access: ResourceAccess<R>) {
  register(route, { kind: 'resource', in: access.in })
  const guard = createMiddleware<ApiEnv>(async (c, next) => {
    const input = await readPart(c, route, access.in)
    if (input === invalidPart) return next()
    const found = await (access.resource as Resolver<R, Part, number | readonly number[] | undefined>)(
      c,
      input as never,
    )
    const establishments = found === undefined ? undefined : typeof found === 'number' ? [found] : found
    let allowed = establishments !== undefined && establishments.length > 0
    for (const establishmentId of establishments ?? []) {
      if (!allowed) break
      allowed = (await getMembership(c.var.db, c.var.user, establishmentId)) !== undefined
    }
    if (!allowed) {
      const message =
        typeof access.notFound === 'string'
          ? access.notFound
          : (access.notFound as (i: unknown) => string)(input)
      throw notFound(message)
    }
    await next()
  })
  return withMiddleware(route, [guard]) as unknown as Guarded<R, typeof guard>
}

/** A part the route's validator will refuse (with its own 400): the guard leaves it to it. */
const invalidPart = Symbol('invalid part')

/**
 * The request part as the route's schema outputs it, or only the named field of it; `invalidPart`
 * when the schema refuses it. Bodies read here are kept in Hono's body cache, where the route's
 * validator reads them again.
 */
async function readPart(
  c: Context,
  route: RouteConfig,
  part: Part,
  field?: unknown,
): Promise<unknown | typeof invalidPart> {
  const schema = typeof field === 'string' ? fieldSchema(route, part, field) : partSchema(route, part)
  let raw: Record<string, unknown>
  try {
    raw = await rawPart(c, part)
  } catch {
    return invalidPart
  }
  const parsed = await schema.safeParseAsync(typeof field === 'string' ? raw[field] : raw)
  return parsed.success ? parsed.data : invalidPart
}

/** The schema the route validates a part with (a declaration error, at start-up, if none). */
function partSchema(route: RouteConfig, part: Part): z.ZodType {
  const request = route.request
  const type = part === 'json' ? 'application/json' : 'multipart/form-data'
  const schema =
    part === 'param'
      ? request?.params
      : part === 'query'
        ? request?.query
        : (request?.body?.content?.[type] as { schema?: unknown } | undefined)?.schema
  if (!schema) throw new Error(`${route.method} ${route.path}: la ruta no valida ${part}`)
  return schema as z.ZodType
}

/**
 * The schema of one field of a part, as the part's object schema holds it: a value it refuses
 * makes the whole part refused, so the route's validator refuses the request too.
 */
function fieldSchema(route: RouteConfig, part: Part, field: string): z.ZodType {
  const shape = (partSchema(route, part) as { shape?: Record<string, z.ZodType> }).shape
  const schema = shape?.[field]
  if (!schema) throw new Error(`${route.method} ${route.path}: ${part} no tiene el campo ${field}`)
  return schema
}

/** The part as Hono's validators hand it to the schema. */
async function rawPart(c: Context, part: Part): Promise<Record<string, unknown>> {
  if (part === 'param') return c.req.param()
  if (part === 'query')
    return Object.fromEntries(
      Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    )
  if (part === 'json') return await c.req.json()
  const cache = c.req.bodyCache as { formData?: Promise<FormData> | FormData }
  if (!cache.formData) {
    const body = await c.req.arrayBuffer()
    const type = c.req.header('content-type') ?? ''
    cache.formData = await new Response(body, { headers: { 'content-type': type } }).formData()
  }
  const form: Record<string, unknown> = {}
  ;(await cache.formData).forEach((value, key) => {
    const previous = form[key]
    form[key] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value]
  })
  return form
}
