import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { calvingKpisRoute, riderFormOptionsRoute } from '~/api/rider-records/calving-kpis.routes'
import {
  birthRoutes as births,
  bodyConditionRoutes as conditions,
  deathRoutes as deaths,
  noteRoutes as notes,
  treatmentRoutes as treatments,
} from '~/api/rider-records/rider-records.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import type { CalvingKpis } from './calving-kpis.schema'
import {
  CALF_ON_DELETE,
  createBirthSchema,
  createBodyConditionSchema,
  createDeathSchema,
  createNoteSchema,
  createTreatmentsSchema,
  RIDER_KIND_TEXT,
  RIDER_RECORD_KINDS,
  type RiderFormOptions,
  type RiderRecordKind,
  type RiderRowByKind,
  riderListQuerySchema,
  updateBirthSchema,
  updateBodyConditionSchema,
  updateDeathSchema,
  updateNoteSchema,
  updateTreatmentSchema,
} from './riders.schema'

/**
 * Recorredores through the typed provider client (decision 020): one server function per verb, the
 * kind choosing the route. Each body is validated by the kind's own schema here too, so a bad value
 * is refused with the form's message before it travels.
 */

const kind = z.enum(RIDER_RECORD_KINDS)
const establishment = z.object({ establishmentId: z.number().int().positive(), kind })

const ROUTES = {
  births: { list: births.list, create: births.create, update: births.update },
  deaths: { list: deaths.list, create: deaths.create, update: deaths.update },
  treatments: {
    list: treatments.list,
    create: treatments.create,
    update: treatments.update,
  },
  'body-conditions': {
    list: conditions.list,
    create: conditions.create,
    update: conditions.update,
  },
  notes: {
    list: notes.list,
    create: notes.create,
    update: notes.update,
  },
} as const

const DELETE_ROUTES = {
  deaths: deaths.remove,
  treatments: treatments.remove,
  'body-conditions': conditions.remove,
  notes: notes.remove,
} as const

const CREATE_SCHEMAS = {
  births: createBirthSchema,
  deaths: createDeathSchema,
  treatments: createTreatmentsSchema,
  'body-conditions': createBodyConditionSchema,
  notes: createNoteSchema,
} as const
const UPDATE_SCHEMAS = {
  births: updateBirthSchema,
  deaths: updateDeathSchema,
  treatments: updateTreatmentSchema,
  'body-conditions': updateBodyConditionSchema,
  notes: updateNoteSchema,
} as const

export type RiderList<K extends RiderRecordKind> = { data: RiderRowByKind[K][]; meta: { total: number } }

export const listRiderRecordsFn = createServerFn({ method: 'GET' })
  .validator(establishment.extend({ query: riderListQuerySchema }))
  .handler(async ({ data }): Promise<RiderList<RiderRecordKind>> => {
    const answer = await provider().read(
      `No se pudo obtener la lista de ${RIDER_KIND_TEXT[data.kind].plural}`,
      ROUTES[data.kind].list as typeof births.list,
      { param: { id: data.establishmentId }, query: data.query as never },
    )
    return answer as RiderList<RiderRecordKind>
  })

const errorText = (kind: RiderRecordKind) => `Error al guardar: ${RIDER_KIND_TEXT[kind].plural}`

export const createRiderRecordFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ body: z.record(z.string(), z.unknown()) }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(errorText(data.kind), async () => {
        const json = CREATE_SCHEMAS[data.kind].parse(data.body)
        const answer = await provider().call(ROUTES[data.kind].create as typeof births.create, {
          param: { id: data.establishmentId },
          json: json as never,
        })
        return { ok: true, message: answer.message }
      }),
  )

export const updateRiderRecordFn = createServerFn({ method: 'POST' })
  .validator(z.object({ kind, id: z.number().int().positive(), body: z.record(z.string(), z.unknown()) }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(errorText(data.kind), async () => {
        const json = UPDATE_SCHEMAS[data.kind].parse(data.body)
        const answer = await provider().call(ROUTES[data.kind].update as typeof births.update, {
          param: { id: data.id },
          json: json as never,
        })
        return { ok: true, message: answer.message }
      }),
  )

export const deleteRiderRecordFn = createServerFn({ method: 'POST' })
  .validator(z.object({ kind, id: z.number().int().positive(), calf: z.enum(CALF_ON_DELETE).optional() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(`Error al eliminar: ${RIDER_KIND_TEXT[data.kind].plural}`, async () => {
        const answer =
          data.kind === 'births'
            ? await provider().call(births.remove, {
                param: { id: data.id },
                query: data.calf ? { calf: data.calf } : {},
              })
            : await provider().call(DELETE_ROUTES[data.kind] as typeof deaths.remove, {
                param: { id: data.id },
              })
        return { ok: true, message: answer.message }
      }),
  )

export const calvingKpisFn = createServerFn({ method: 'GET' })
  .validator(z.object({ establishmentId: z.number().int().positive(), seasonStart: z.string().optional() }))
  .handler(async ({ data }): Promise<CalvingKpis> => {
    const answer = await provider().read('No se pudieron calcular los indicadores', calvingKpisRoute, {
      param: { id: data.establishmentId },
      query: data.seasonStart ? { season_start: data.seasonStart } : {},
    })
    return answer.data
  })

export const riderFormOptionsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ establishmentId: z.number().int().positive() }))
  .handler(async ({ data }): Promise<RiderFormOptions> => {
    const answer = await provider().read('No se pudieron cargar las opciones', riderFormOptionsRoute, {
      param: { id: data.establishmentId },
    })
    return answer.data
  })
