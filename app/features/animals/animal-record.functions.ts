import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { animalAlertsRoute } from '~/api/alerts/alerts.routes'
import {
  animalDetailRoute,
  animalEventsRoute,
  animalPickerRoute,
  createAnimalRoute,
  deleteAnimalRoute,
  updateAnimalRoute,
} from '~/api/animals/animal-record.routes'
import type { Alert } from '~/features/alerts/alerts.schema'
import { provider } from '~/features/auth/session.server'
import type { ActionFailure, ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  ANIMAL_MESSAGES,
  type AnimalDetail,
  type AnimalEvent,
  type AnimalPickerResponse,
  animalCreateSchema,
  animalEditSchema,
  animalPickerQuerySchema,
  toWire,
  versionRule,
} from './animal-record.schema'

const establishmentId = z.number().int().positive()
const animalId = z.uuid()

/** The animal's detail, or null when it does not exist (or is not the caller's to see). */
export const getAnimalFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId }))
  .handler(async ({ data }): Promise<AnimalDetail | null> => {
    const response = await provider().find(ANIMAL_MESSAGES.readError, animalDetailRoute, {
      param: { id: data.animalId },
    })
    return response?.data ?? null
  })

export const animalEventsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId }))
  .handler(async ({ data }): Promise<AnimalEvent[]> => {
    const response = await provider().read(ANIMAL_MESSAGES.eventsError, animalEventsRoute, {
      param: { id: data.animalId },
    })
    return response.data
  })

export const animalAlertsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId }))
  .handler(async ({ data }): Promise<Alert[]> => {
    const response = await provider().read(ANIMAL_MESSAGES.alertsError, animalAlertsRoute, {
      param: { id: data.animalId },
    })
    return response.data
  })

export type AnimalWriteResult = ActionFailure | { ok: true; message: string; animal: AnimalDetail }

/** Spec section 7: POST /v3/establishments/{eid}/animals with the create form's fields. */
export const createAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, values: animalCreateSchema }))
  .handler(
    ({ data }): Promise<AnimalWriteResult> =>
      providerAction(ANIMAL_MESSAGES.createError, async () => {
        const response = await provider().call(createAnimalRoute, {
          param: { eid: data.establishmentId },
          json: toWire({ ...data.values, establishment_id: data.establishmentId }),
        })
        return { ok: true as const, message: response.message, animal: response.data }
      }),
  )

/**
 * Spec section 7: PUT /v1/establishment/{eid}/animals/{aid}, ids as strings, date_of_birth as
 * yyyy/MM/dd HH:mm:ss, plus the version the form was opened with (a stale one is refused).
 */
export const updateAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, animalId, version: versionRule, values: animalEditSchema }))
  .handler(
    ({ data }): Promise<AnimalWriteResult> =>
      providerAction(ANIMAL_MESSAGES.updateError, async () => {
        const response = await provider().call(updateAnimalRoute, {
          param: { eid: data.establishmentId, aid: data.animalId },
          json: { ...toWire(data.values), version: String(data.version) },
        })
        return { ok: true as const, message: response.message, animal: response.data }
      }),
  )

export const deleteAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, animalId, version: versionRule }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(ANIMAL_MESSAGES.deleteError, async () => {
        const response = await provider().call(deleteAnimalRoute, {
          param: { eid: data.establishmentId, aid: data.animalId },
          query: { version: data.version },
        })
        return { ok: true, message: response.message }
      }),
  )

/** The picker list (mode mother or all), also the header search's type-ahead. */
export const pickAnimalsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ establishmentId, query: animalPickerQuerySchema.partial() }))
  .handler(async ({ data }): Promise<AnimalPickerResponse> => {
    const query: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(data.query)) {
      if (value !== undefined && value !== '') query[key] = value
    }
    return provider().read(ANIMAL_MESSAGES.listError, animalPickerRoute, {
      param: { establishmentId: data.establishmentId },
      query,
    })
  })
