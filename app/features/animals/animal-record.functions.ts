import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import type { Alert } from '~/features/alerts/alerts.schema'
import type { ActionResult } from '~/features/auth/auth.functions'
import { provider, providerErrorMessage, providerFind, providerRead } from '~/features/auth/session.server'
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
    const response = await providerFind(ANIMAL_MESSAGES.readError, () =>
      provider().get(`v2/animals/${data.animalId}`).json<{ data: AnimalDetail }>(),
    )
    return response?.data ?? null
  })

export const animalEventsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId }))
  .handler(async ({ data }): Promise<AnimalEvent[]> => {
    const response = await providerRead(ANIMAL_MESSAGES.eventsError, () =>
      provider().get(`v2/animals/${data.animalId}/events`).json<{ data: AnimalEvent[] }>(),
    )
    return response.data
  })

export const animalAlertsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ animalId }))
  .handler(async ({ data }): Promise<Alert[]> => {
    const response = await providerRead(ANIMAL_MESSAGES.alertsError, () =>
      provider().get(`v2/animals/${data.animalId}/alerts`).json<{ data: Alert[] }>(),
    )
    return response.data
  })

export type AnimalWriteResult =
  | (ActionResult & { ok: false })
  | { ok: true; message: string; animal: AnimalDetail }

/** Spec section 7: POST /v3/establishments/{eid}/animals with the create form's fields. */
export const createAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, values: animalCreateSchema }))
  .handler(async ({ data }): Promise<AnimalWriteResult> => {
    try {
      const response = await provider()
        .post(`v3/establishments/${data.establishmentId}/animals`, {
          json: toWire({ ...data.values, establishment_id: data.establishmentId }),
        })
        .json<{ message: string; data: AnimalDetail }>()
      return { ok: true, message: response.message, animal: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, ANIMAL_MESSAGES.createError) }
    }
  })

/**
 * Spec section 7: PUT /v1/establishment/{eid}/animals/{aid}, ids as strings, date_of_birth as
 * yyyy/MM/dd HH:mm:ss, plus the version the form was opened with (a stale one is refused).
 */
export const updateAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, animalId, version: versionRule, values: animalEditSchema }))
  .handler(async ({ data }): Promise<AnimalWriteResult> => {
    try {
      const response = await provider()
        .put(`v1/establishment/${data.establishmentId}/animals/${data.animalId}`, {
          json: { ...toWire(data.values), version: String(data.version) },
        })
        .json<{ message: string; data: AnimalDetail }>()
      return { ok: true, message: response.message, animal: response.data }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, ANIMAL_MESSAGES.updateError) }
    }
  })

export const deleteAnimalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ establishmentId, animalId, version: versionRule }))
  .handler(async ({ data }): Promise<ActionResult> => {
    try {
      const response = await provider()
        .delete(`v1/establishment/${data.establishmentId}/animals/${data.animalId}`, {
          searchParams: { version: data.version },
        })
        .json<{ message: string }>()
      return { ok: true, message: response.message }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error, ANIMAL_MESSAGES.deleteError) }
    }
  })

/** The picker list (mode mother or all), also the header search's type-ahead. */
export const pickAnimalsFn = createServerFn({ method: 'GET' })
  .validator(z.object({ establishmentId, query: animalPickerQuerySchema.partial() }))
  .handler(async ({ data }): Promise<AnimalPickerResponse> => {
    const searchParams: Record<string, string | number> = {}
    for (const [key, value] of Object.entries(data.query)) {
      if (value !== undefined && value !== '') searchParams[key] = value
    }
    return providerRead(ANIMAL_MESSAGES.listError, () =>
      provider()
        .get(`v2/establishments/${data.establishmentId}/animals/picker`, { searchParams })
        .json<AnimalPickerResponse>(),
    )
  })
