import { z } from 'zod'
import {
  idListParam,
  isoDateParam,
  numberParam,
  pageLinksSchema,
  pageMetaSchema,
  pageParam,
  perPageParam,
  textFilterParam,
} from '~/lib/list-query'

import {
  EVENT_SORT_COLUMNS,
  EVENTS_DEFAULT_PER_PAGE,
  EVENTS_MAX_PER_PAGE,
  type EventSortColumn,
} from './events-list.params'

export { EVENT_SORT_COLUMNS, EVENTS_DEFAULT_PER_PAGE, EVENTS_MAX_PER_PAGE, type EventSortColumn }

/**
 * Query of GET /v2/establishment/{establishmentId}/{type}. Filters of another kind's fields
 * (e.g. `bull` on weighings) are ignored.
 */
export const eventListQuerySchema = z.object({
  page: pageParam,
  perPage: perPageParam(EVENTS_MAX_PER_PAGE, EVENTS_DEFAULT_PER_PAGE),
  sort: z.enum(EVENT_SORT_COLUMNS).default('read_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  visual_tag: textFilterParam,
  electronic_tag: textFilterParam,
  /** Sessions (ids). */
  cattle_handling: idListParam(),
  category: idListParam(),
  rodeo: idListParam(),
  read_at_from: isoDateParam,
  read_at_to: isoDateParam,
  /** One animal's events (the chute's "already recorded in this session?"). */
  animal_id: z.uuid('Animal inválido').optional(),
  /** Specific events (the export of a selection spanning pages). */
  ids: idListParam(1000),
  bull: idListParam(),
  inseminator: idListParam(),
  pregnancy_check_detail: idListParam(),
  is_ultrasound_scan: z.enum(['0', '1']).optional(),
  reproductive_grade: idListParam(),
  ovarian_status: idListParam(),
  weighing_time: idListParam(),
  weight_min: numberParam,
  weight_max: numberParam,
})
export type EventListQuery = z.infer<typeof eventListQuerySchema>
export type EventListQueryInput = z.input<typeof eventListQuerySchema>

const ref = z.object({ id: z.number().int(), description: z.string() }).nullable()

/** Spec section 3, "Event rows": what every kind's row shares. */
const commonRow = {
  animal_id: z.uuid(),
  visible_tag: z.string(),
  electronic_tag: z.string().nullable(),
  category: ref,
  current_rodeo: ref,
  date_of_birth: z.string().nullable(),
  /** Whole days since birth, today. */
  age: z.number().int().nullable(),
  /** Notes taken of the animal in the event's session. */
  notes: z.array(z.object({ content: z.string(), read_at: z.string() })),
  /** Place of the animal in the session's chute order. */
  order: z.number().int().nullable(),
  /** Body condition taken of the animal in the event's session. */
  body_condition: z.object({ id: z.number().int(), description: z.string(), read_at: z.string() }).nullable(),
  cattle_handling_id: z.number().int(),
  cattle_handling_name: z.string(),
  alerts: z.array(z.object({ id: z.number().int(), description: z.string() })),
  /** The version an edit must send back (optimistic concurrency). */
  version: z.number().int(),
}

export const inseminationRowSchema = z
  .object({
    ...commonRow,
    artificial_insemination_id: z.number().int(),
    artificial_insemination_date: z.string(),
    bull_id: z.number().int().nullable(),
    bull_alias: z.string().nullable(),
    inseminator_id: z.number().int().nullable(),
    inseminator_name: z.string().nullable(),
    /** The animal's latest pre-service on or before the insemination's day. */
    previous_preservice: z
      .object({
        preservice_id: z.number().int(),
        read_at: z.string(),
        reproductive_grade: ref,
        ovarian_status: ref,
      })
      .nullable(),
    /** The animal's first pregnancy check after the insemination. */
    following_pregnancy_check: z
      .object({ pregnancy_check_id: z.number().int(), read_at: z.string(), pregnancy_check_detail: ref })
      .nullable(),
  })
  .meta({ id: 'ArtificialInseminationRow' })

export const pregnancyCheckRowSchema = z
  .object({
    ...commonRow,
    pregnancy_check_id: z.number().int(),
    pregnancy_check_date: z.string(),
    pregnancy_check_detail: ref,
    /** 1 by ultrasound, 0 otherwise (spec section 9). */
    is_ultrasound_scan: z.union([z.literal(0), z.literal(1)]),
    animalTypeId: z.number().int().nullable(),
  })
  .meta({ id: 'PregnancyCheckRow' })

export const preserviceRowSchema = z
  .object({
    ...commonRow,
    preservice_id: z.number().int(),
    preservice_date: z.string(),
    reproductive_grade: ref,
    ovarian_status: ref,
    /** The animal's weight at its latest weighing on or before the pre-service. */
    last_weighing: z.number().nullable(),
    last_weighing_date: z.string().nullable(),
  })
  .meta({ id: 'PreserviceRow' })

/** Gains and days are those of THIS weighing: against the animal's weighing before it and its first. */
export const weighingRowSchema = z
  .object({
    ...commonRow,
    weighing_id: z.number().int(),
    cattle_handling_date: z.string(),
    weighing_time_id: z.number().int().nullable(),
    weighing_time_description: z.string().nullable(),
    current_weight: z.number(),
    current_weight_date: z.string(),
    weight_at_birth: z.number().nullable(),
    GDPV: z.number().nullable(),
    first_weight: z.number().nullable(),
    previous_weight: z.number().nullable(),
    days_since_previous_weight: z.number().int().nullable(),
    days_since_first_weight: z.number().int().nullable(),
    GDPVital: z.number().nullable(),
  })
  .meta({ id: 'WeighingRow' })

export type InseminationRow = z.infer<typeof inseminationRowSchema>
export type PregnancyCheckRow = z.infer<typeof pregnancyCheckRowSchema>
export type PreserviceRow = z.infer<typeof preserviceRowSchema>
export type WeighingRow = z.infer<typeof weighingRowSchema>

export interface EventRowByKind {
  'artificial-insemination': InseminationRow
  'pregnancy-check': PregnancyCheckRow
  preservice: PreserviceRow
  weighing: WeighingRow
}

export const EVENT_ROW_SCHEMAS = {
  'artificial-insemination': inseminationRowSchema,
  'pregnancy-check': pregnancyCheckRowSchema,
  preservice: preserviceRowSchema,
  weighing: weighingRowSchema,
} as const

export const eventListResponseSchema = <T extends z.ZodType>(row: T, id: string) =>
  z.object({ data: z.array(row), meta: pageMetaSchema, links: pageLinksSchema }).meta({ id })

export interface EventListResponse<R> {
  data: R[]
  meta: z.infer<typeof pageMetaSchema>
  links: z.infer<typeof pageLinksSchema>
}
