import { createMiddleware, defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON } from 'seroval'

/**
 * Malformed calls to server functions (`/_serverFn/<id>`) answer 4xx with a Spanish
 * `{ "error": "..." }` and one log line, instead of Start's 500 with an English message and a
 * stack in the log. Our pages never send such calls (their inputs pass the same schemas in the
 * browser first), so these are outside clients, probes or a stale page after a deploy.
 */
export const SERVER_FN_MESSAGES = {
  notFound: 'La función solicitada no existe. Recargue la página.',
  malformed: 'La solicitud no es válida: su contenido no tiene el formato esperado.',
  invalid: 'Datos inválidos',
} as const

function refuse(status: 400 | 404, error: string, request: Request, why: string) {
  console.warn(`[serverFn] ${status} ${request.method} ${new URL(request.url).pathname}: ${why}`)
  return Response.json({ error }, { status })
}

/** The call's JSON text, where Start will read it: the `payload` query of a GET, or the body. */
async function payloadText(request: Request) {
  if (request.method === 'GET') return new URL(request.url).searchParams.get('payload')
  if (!request.headers.get('content-type')?.includes('application/json')) return null
  return request.clone().text()
}

/**
 * Request middleware, for server-function requests only: the body must be JSON before Start
 * decodes it, and an id no build knows answers 404 (Start throws for it before the function runs).
 */
export const serverFnRequestErrors = createMiddleware().server(async ({ next, request, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const text = await payloadText(request)
  if (text) {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return refuse(400, SERVER_FN_MESSAGES.malformed, request, 'JSON inválido')
    }
    // Start decodes the JSON with seroval before any function code runs; JSON that is not a
    // seroval payload made it answer 500 'Seroval Error' with a stack in the log. Same plugins as
    // Start's decoder (the app registers no serialization adapters of its own).
    try {
      fromJSON(json as Parameters<typeof fromJSON>[0], { plugins: defaultSerovalDeserializerPlugins })
    } catch {
      return refuse(400, SERVER_FN_MESSAGES.malformed, request, 'carga no decodificable')
    }
  }
  try {
    return await next()
  } catch (error) {
    // Start's own words for an id missing from the build's manifest.
    if (error instanceof Error && /^Server function (info|module) not found/.test(error.message))
      return refuse(404, SERVER_FN_MESSAGES.notFound, request, 'función desconocida')
    throw error
  }
})

/** The issues Start's validator step throws: `new Error(JSON.stringify(issues))` for a zod schema. */
function validationIssues(error: unknown) {
  if (!(error instanceof Error) || !error.message.startsWith('[')) return undefined
  try {
    const issues: unknown = JSON.parse(error.message)
    if (
      Array.isArray(issues) &&
      issues.length > 0 &&
      issues.every((issue) => typeof issue?.message === 'string' && Array.isArray(issue?.path))
    )
      return issues as { message: string; path: (string | number)[] }[]
  } catch {
    // not a validation failure
  }
  return undefined
}

/**
 * Function middleware, for every server function: a payload its validator refuses answers 400
 * with the first problem in Spanish (zod speaks Spanish here, app/lib/zod-locale.ts), not a 200
 * carrying the issues' JSON. A thrown Response is what Start sends as the call's answer.
 */
export const serverFnValidationErrors = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    const issues = validationIssues(error)
    if (!issues) throw error
    const [first] = issues
    const field = first?.path.join('.')
    const message = `${SERVER_FN_MESSAGES.invalid}: ${field ? `${field}: ` : ''}${first?.message}`
    console.warn(`[serverFn] 400 datos inválidos: ${message}`)
    throw Response.json({ error: message }, { status: 400 })
  }
})
