import { OpenAPIHono } from '@hono/zod-openapi'
import { HTTPException } from 'hono/http-exception'
import { startDatabase } from '~/db/database.server'
import { createHerdAnswers } from '~/features/animals/herd-answers.server'
import '~/lib/zod-locale'
import { isDomainError } from '~/lib/domain-errors'
import { alertsRouter } from './alerts/alerts.index'
import { animalMovesRouter } from './animal-moves/animal-moves.index'
import { animalRecordRouter } from './animals/animal-record.index'
import { animalsRouter } from './animals/animals.index'
import { auditRouter } from './audit/audit.index'
import { authRouter } from './auth/auth.index'
import { boardsRouter } from './boards/boards.index'
import { bulkUploadRouter } from './bulk-upload/bulk-upload.index'
import { capacitationsRouter } from './capacitations/capacitations.index'
import { cattleHandlingsRouter } from './cattle-handlings/cattle-handlings.index'
import { establishmentAdminRouter } from './establishments/establishment-admin.index'
import { establishmentsRouter } from './establishments/establishments.index'
import { eventsRouter } from './events/events.index'
import { feedlotRouter } from './feedlot/feedlot.index'
import { frameworkRouter } from './framework/framework.index'
import { healthRouter } from './health/health.index'
import { insightsRouter } from './insights/insights.index'
import { apiBodyLimit, isBodyTooLarge, REQUEST_TOO_LARGE } from './lib/body-limit'
import { ApiError, domainErrorResponse } from './lib/errors'
import type { ApiDependencies, ApiEnv } from './lib/types'
import { offlineRouter } from './offline/offline.index'
import { peopleRouter } from './people/people.index'
import { rfiRouter } from './rfi/rfi.index'
import { riderRecordsRouter } from './rider-records/rider-records.index'
import { usersRouter } from './users/users.index'

export const API_BASE_PATH = '/app-insights/api'

/**
 * The provider API (spec section 7). One Hono app, answered by the server entry ahead of the page
 * router (app/api/entry.server.ts, decision 054) and called in-process by the UI's ky client.
 */
export function createApiApp(deps: ApiDependencies = { database: () => startDatabase() }) {
  const app = new OpenAPIHono<ApiEnv>().basePath(API_BASE_PATH)
  // This instance's cache of herd answers (decision 043), kept right by the database's versions.
  const herdAnswers = createHerdAnswers()

  app.use(async (c, next) => {
    const { db, engine, upkeep } = await deps.database()
    c.set('db', db)
    c.set('engine', engine)
    c.set('herdAnswers', herdAnswers)
    // PGlite's upkeep waits for a moment with no request in flight (decision 027).
    const leave = upkeep?.enter()
    try {
      await next()
    } finally {
      leave?.()
    }
  })
  app.use(apiBodyLimit)

  app.route('/', healthRouter)
  app.route('/', authRouter)
  app.route('/', usersRouter)
  app.route('/', establishmentsRouter)
  // Configuración (issue 19 part A): establishments and their people
  app.route('/', establishmentAdminRouter)
  app.route('/', peopleRouter)
  // The establishment framework (rodeos included: decision 033 took over 029's two routes)
  app.route('/', frameworkRouter)
  app.route('/', auditRouter)
  app.route('/', insightsRouter)
  app.route('/', animalsRouter)
  app.route('/', animalRecordRouter)
  app.route('/', animalMovesRouter)
  app.route('/', alertsRouter)
  // Manga (issue 6): sessions and the four event types
  app.route('/', cattleHandlingsRouter)
  app.route('/', eventsRouter)
  app.route('/', offlineRouter)
  app.route('/', bulkUploadRouter)
  app.route('/', capacitationsRouter)
  app.route('/', riderRecordsRouter)
  // Boards, feedlot and RFI (issue 22)
  app.route('/', boardsRouter)
  app.route('/', feedlotRouter)
  app.route('/', rfiRouter)

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Insights — API del proveedor',
      version: '1.0.0',
      description:
        'API REST de Insights (sección 7 de la especificación). Todas las rutas, salvo /health y el inicio de sesión, exigen un token Bearer.',
    },
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' })

  app.notFound((c) => c.json({ error: 'Ruta no encontrada' }, 404))

  app.onError((error, c) => {
    // The domain's refusals (not found, conflict, invalid…) become HTTP here and nowhere else.
    if (isDomainError(error)) return domainErrorResponse(c, error)
    if (error instanceof ApiError) return c.json({ error: error.message }, error.status)
    if (isBodyTooLarge(error)) return c.json({ error: REQUEST_TOO_LARGE }, 413)
    // Hono's own refusals carry English text ('Malformed JSON in request body'): answer in Spanish.
    if (error instanceof HTTPException) return c.json({ error: httpExceptionMessage(error) }, error.status)
    // The backstop for a value a schema let through but the column cannot hold (an id beyond
    // `integer`, an impossible date): bad input, not a server fault, so no stack in the log.
    if (isDataException(error)) {
      console.warn(`[api] dato rechazado por la base (${error.code}): ${c.req.method} ${c.req.path}`)
      return c.json({ error: DATA_EXCEPTION_MESSAGE }, 400)
    }
    console.error('[api] error no controlado', error)
    return c.json({ error: 'Error interno del servidor' }, 500)
  })

  return app
}

export const DATA_EXCEPTION_MESSAGE =
  'Datos inválidos: algún valor está fuera de rango o no tiene el formato esperado'

/** PostgreSQL's class 22, "data exception" (22003 out of range, 22008 bad date, 22P02 bad text…). */
function isDataException(error: unknown): error is { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    /^22[0-9A-Z]{3}$/.test(error.code)
  )
}

function httpExceptionMessage(error: HTTPException) {
  if (error.status === 413) return 'El archivo es demasiado grande'
  if (error.status !== 400) return 'Solicitud inválida'
  if (/JSON/i.test(error.message)) return 'El cuerpo de la solicitud no es un JSON válido'
  if (/FormData|multipart/i.test(error.message))
    return 'El formulario enviado no es válido: envíelo como multipart/form-data'
  return 'Solicitud inválida'
}

export type ApiApp = ReturnType<typeof createApiApp>

let shared: ApiApp | undefined
/** The process-wide API app on the configured database. */
export function getApiApp() {
  shared ??= createApiApp()
  return shared
}
