import { z } from 'zod'
import { dbIdParam } from '~/lib/db-id'
import { pageParam, perPageParam } from '~/lib/list-query'

export const ALERT_DESCRIPTION_MAX = 255
/** One request creates at most this many alerts (one per selected animal). */
export const MAX_ALERTS_PER_REQUEST = 20_000
export const ALERTS_PER_PAGE = 50
export const MAX_ALERTS_PER_PAGE = 200

export const alertDescriptionSchema = z
  .string()
  .trim()
  .min(1, 'La descripción es obligatoria')
  .max(ALERT_DESCRIPTION_MAX, `La descripción admite hasta ${ALERT_DESCRIPTION_MAX} caracteres`)

/** Spec section 3 and 9: `active` is 1 for an active alert; true is accepted as well. */
const activeFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0)])
  .default(1)
  .transform((value) => value === true || value === 1)

/** Body of POST /v2/alerts (spec section 7). */
export const createAlertsSchema = z
  .object({
    alerts: z
      .array(
        z.object({
          description: alertDescriptionSchema,
          active: activeFlag,
          animal_id: z.uuid('Identificador de animal inválido'),
        }),
      )
      .min(1, 'Seleccione al menos un animal')
      .max(MAX_ALERTS_PER_REQUEST, `No se pueden crear más de ${MAX_ALERTS_PER_REQUEST} alertas a la vez`),
  })
  .meta({ id: 'CreateAlerts' })
export type CreateAlertsInput = z.input<typeof createAlertsSchema>

/** The 'Nueva Alerta' form: one description for every selected animal. */
export const newAlertFormSchema = z.object({ description: alertDescriptionSchema })

/** Body of PATCH /v2/alerts/mark-as-read. */
export const markAlertsReadSchema = z
  .object({
    ids: z
      .array(dbIdParam('Identificador de alerta inválido'))
      .min(1, 'Seleccione al menos una alerta')
      .max(MAX_ALERTS_PER_REQUEST, 'Demasiadas alertas'),
  })
  .meta({ id: 'MarkAlertsRead' })

/** Spec section 3, "Alert", plus the animal's visual tag for the manage list. */
export const alertSchema = z
  .object({
    id: z.number().int(),
    animal_id: z.uuid(),
    description: z.string(),
    /** 1 = active (spec section 9). */
    active: z.union([z.literal(1), z.literal(0)]),
    read_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    /** Null when the animal was deleted: the list shows 'N/A'. */
    visual_tag: z.string().nullable(),
  })
  .meta({ id: 'Alert' })
export type Alert = z.infer<typeof alertSchema>

/** Query of GET /v2/establishments/{id}/alerts: the manage tab's filters (IDV, Descripción). */
export const activeAlertsQuerySchema = z.object({
  page: pageParam,
  perPage: perPageParam(MAX_ALERTS_PER_PAGE, ALERTS_PER_PAGE),
  visual_tag: z.string().trim().max(50).optional(),
  description: z.string().trim().max(ALERT_DESCRIPTION_MAX).optional(),
})
export type ActiveAlertsQuery = z.infer<typeof activeAlertsQuerySchema>
export type ActiveAlertsQueryInput = z.input<typeof activeAlertsQuerySchema>

export const activeAlertsResponseSchema = z
  .object({
    data: z.array(alertSchema),
    meta: z.object({
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
    }),
  })
  .meta({ id: 'ActiveAlerts' })
export type ActiveAlertsResponse = z.infer<typeof activeAlertsResponseSchema>

export const ALERT_MESSAGES = {
  createSuccess: 'Alerta/s creadas con exito',
  createError: 'Error al crear alerta',
  readSuccess: 'Alertas marcadas como leídas exitosamente.',
  readError: 'Error al marcar las alertas como leídas.',
  listError: 'No se pudo obtener la lista de alertas',
} as const
