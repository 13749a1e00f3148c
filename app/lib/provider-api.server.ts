import { inspect, isDeepStrictEqual } from 'node:util'
import type { RouteConfig } from '@hono/zod-openapi'
import type { KyInstance, Options } from 'ky'
import type { z } from 'zod'
import type { ActionFailure } from './action-result'
import { getEnv } from './env.server'
import { inProcessAnswer } from './in-process-answers.server'
import { ANSWER_NOT_RECOGNIZED_LOG } from './provider-contract'

/**
 * The typed provider client (decision 020). A call names the API's own route definition (the
 * `createRoute` object the Hono app registers, from `app/api/<resource>/*.routes.ts`): the method
 * and path come from it, its request schemas type the call's `param`, `query` and `json`/`form`, and
 * its response schema for the status that came back parses the answer. No path is written twice and
 * no answer is trusted unread.
 *
 * It runs over the provider's ky seam (app/lib/provider.server.ts): in process by default,
 * `PROVIDER_URL` otherwise, with the session's token, address and user agent.
 */

/** The route definitions this client accepts: any `createRoute` of the provider API. */
export type ProviderRoute = RouteConfig

type SuccessStatus = 200 | 201 | 202 | 203 | 206

type JsonSchemaOf<Response> = Response extends {
  content: { 'application/json': { schema: infer Schema extends z.ZodType } }
}
  ? Schema
  : never

/** The parsed body the route declares for the given statuses (its 2xx ones by default). */
export type ProviderAnswer<R extends ProviderRoute, Status = SuccessStatus> = {
  [K in keyof R['responses'] & Status]: z.output<JsonSchemaOf<R['responses'][K]>>
}[keyof R['responses'] & Status]

type RequestOf<R extends ProviderRoute> = R['request'] extends object ? R['request'] : Record<never, never>

/** Optional when every field is (a list's filters), required otherwise (a delete's version). */
type QueryField<Q> =
  Record<never, never> extends Q ? { query?: Q | URLSearchParams } : { query: Q | URLSearchParams }

type ParamInput<R extends ProviderRoute> =
  RequestOf<R> extends { params: infer P extends z.ZodType }
    ? { param: { [K in keyof z.input<P>]: string | number } }
    : Record<never, never>

type QueryInput<R extends ProviderRoute> =
  RequestOf<R> extends { query: infer Q extends z.ZodType } ? QueryField<z.input<Q>> : Record<never, never>

type BodyInput<R extends ProviderRoute> =
  RequestOf<R> extends { body: { content: infer C } }
    ? C extends { 'application/json': { schema: infer S extends z.ZodType } }
      ? { json: z.input<S> }
      : C extends { 'multipart/form-data': unknown }
        ? { form: FormData }
        : Record<never, never>
    : Record<never, never>

/**
 * What a call sends, typed by the route's request schemas. A query may also be a URLSearchParams:
 * a forward passes the browser's query through untouched and the provider validates it.
 */
export type ProviderInput<R extends ProviderRoute> = R extends ProviderRoute
  ? ParamInput<R> & QueryInput<R> & BodyInput<R>
  : never

/**
 * What a call may change in the seam's request: its time limit (a long export, an upload) and extra
 * headers (an idempotent create's `Idempotency-Key`, decision 040).
 */
export type ProviderCallOptions = Pick<Options, 'timeout'> & { headers?: Record<string, string> }

/** A provider refusal (any non-2xx answer), with the provider's Spanish `{ error }` when it sent one. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly providerMessage: string | undefined,
  ) {
    super(providerMessage ?? `El proveedor respondió ${status}`)
    this.name = 'ProviderError'
  }
}

/**
 * A 2xx answer that is not what the route declares: a broken contract between this build and the
 * provider. Refused rather than handed on, so no screen renders data of the wrong shape.
 */
export class ProviderAnswerError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly problem: string,
  ) {
    super(`Respuesta inesperada del proveedor a ${method.toUpperCase()} ${path} (${status}): ${problem}`)
    this.name = 'ProviderAnswerError'
  }
}

/** The route's path with its `{name}` parameters filled in, relative to the API's base path. */
export function routePath(route: ProviderRoute, param: Record<string, string | number> = {}) {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = param[name]
    if (value === undefined) throw new TypeError(`Falta el parámetro ${name} de ${route.path}`)
    return encodeURIComponent(String(value))
  })
}

function searchParamsOf(query: unknown): URLSearchParams | undefined {
  if (query === undefined) return undefined
  if (query instanceof URLSearchParams) return query
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item))
    else params.set(key, String(value))
  }
  return params
}

async function errorMessageOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined)
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error
  return undefined
}

/**
 * Reads an answer with the route's own response schema. A non-2xx answer (other than one listed in
 * `alsoStatuses`, for routes whose refusal has a body of its own, like /health's 503) throws a
 * ProviderError; a 2xx the route does not declare, or whose body its schema refuses, throws a
 * ProviderAnswerError.
 */
export async function readAnswer<R extends ProviderRoute, Also extends number = never>(
  route: R,
  response: Response,
  alsoStatuses: readonly Also[] = [],
): Promise<ProviderAnswer<R, SuccessStatus | Also>> {
  const { status } = response
  if (!response.ok && !alsoStatuses.includes(status as Also))
    throw new ProviderError(status, await errorMessageOf(response))
  const declared = (route.responses as Record<number, unknown>)[status]
  const schema = (declared as { content?: Record<string, { schema?: z.ZodType }> } | undefined)?.content?.[
    'application/json'
  ]?.schema
  const refuse = (problem: string) => {
    const error = new ProviderAnswerError(route.method, route.path, status, problem)
    console.error(ANSWER_NOT_RECOGNIZED_LOG, {
      route: `${route.method.toUpperCase()} ${route.path}`,
      status,
      problem,
    })
    return error
  }
  if (!schema) throw refuse('estado no declarado por la ruta')
  // In process, the route's own object (decision 051); over a socket, the text.
  const known = inProcessAnswer(response)
  const body: unknown = known ? known.value : await response.json().catch(() => undefined)
  const parsed = schema.safeParse(body)
  if (known && getEnv().NODE_ENV !== 'production') await sameAsJson(schema, response, parsed)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw refuse(issue ? `${issue.path.join('.') || '(cuerpo)'}: ${issue.message}` : 'cuerpo inválido')
  }
  return parsed.data as ProviderAnswer<R, SuccessStatus | Also>
}

/**
 * Outside production, every in-process answer is also read the long way, as its JSON text, and the
 * two readings must agree: a route that answers something JSON would change (a Date, a value
 * without a JSON form) fails the tests that call it instead of reaching a page different in
 * production than over a socket.
 */
async function sameAsJson(schema: z.ZodType, response: Response, direct: z.ZodSafeParseResult<unknown>) {
  const viaJson = schema.safeParse(JSON.parse(await response.clone().text()))
  const same = direct.success
    ? viaJson.success && isDeepStrictEqual(direct.data, viaJson.data)
    : !viaJson.success && isDeepStrictEqual(direct.error.issues, viaJson.error.issues)
  if (!same)
    throw new Error(
      `La respuesta en proceso difiere de su JSON: ${inspect(direct.success ? direct.data : direct.error.issues, { depth: 4 }).slice(0, 300)}`,
    )
}

/**
 * The Spanish message of a failed provider call, for a toast (spec section 7: the `{ error }` of
 * the answer) or, when the provider sent none (a network failure, a broken answer), `fallback`.
 */
export function providerErrorMessage(error: unknown, fallback = 'Error desconocido') {
  if (error instanceof ProviderError && error.providerMessage) return error.providerMessage
  return fallback
}

export function isUnauthorized(error: unknown) {
  return error instanceof ProviderError && error.status === 401
}

/**
 * Runs a write and turns its failure into the action result every form shows (`{ ok: false,
 * error }`, the provider's message or `fallback`): the one place a provider error becomes a toast.
 */
export async function providerAction<T extends { ok: true }>(
  fallback: string | undefined,
  run: () => Promise<T>,
): Promise<T | ActionFailure> {
  try {
    return await run()
  } catch (error) {
    return { ok: false, error: providerErrorMessage(error, fallback) }
  }
}

/** The typed provider client over one ky instance of the seam (see `provider()` and `providerHttp()`). */
export function providerApi(http: KyInstance) {
  /** Sends the route's request and hands back the raw answer, whatever its status. */
  function send<R extends ProviderRoute>(
    route: R,
    input: ProviderInput<R>,
    options: ProviderCallOptions = {},
  ): Promise<Response> {
    const parts = input as {
      param?: Record<string, string | number>
      query?: unknown
      json?: unknown
      form?: FormData
    }
    // Relative to the seam's base URL, which ends with the API's base path.
    return http(routePath(route, parts.param).replace(/^\//, ''), {
      method: route.method.toUpperCase(),
      searchParams: searchParamsOf(parts.query),
      ...(parts.json !== undefined ? { json: parts.json } : {}),
      ...(parts.form ? { body: parts.form } : {}),
      throwHttpErrors: false,
      ...options,
    })
  }

  /** The route's 2xx answer, parsed by its schema; a refusal throws a ProviderError. */
  async function call<R extends ProviderRoute>(
    route: R,
    input: ProviderInput<R>,
    options?: ProviderCallOptions,
  ) {
    return readAnswer(route, await send(route, input, options))
  }

  /**
   * A read of a GET server function. A failure is rethrown as the provider's `{ error }` or
   * `fallback` (Spanish): a server function's error message reaches the browser, and the seam's own
   * would name the provider's URL.
   */
  async function read<R extends ProviderRoute>(fallback: string, route: R, input: ProviderInput<R>) {
    try {
      return await call(route, input)
    } catch (error) {
      throw new Error(providerErrorMessage(error, fallback))
    }
  }

  /** Like `read`, but a 404 answers null: an id or a tag that names nothing. */
  async function find<R extends ProviderRoute>(fallback: string, route: R, input: ProviderInput<R>) {
    try {
      return await call(route, input)
    } catch (error) {
      if (error instanceof ProviderError && error.status === 404) return null
      throw new Error(providerErrorMessage(error, fallback))
    }
  }

  return { send, call, read, find }
}

export type ProviderApi = ReturnType<typeof providerApi>
