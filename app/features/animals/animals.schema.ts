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
  ANIMAL_SORT_COLUMNS,
  type AnimalSortColumn,
  DEFAULT_PER_PAGE,
  HERD_STATUSES,
  MAX_PER_PAGE,
} from './animals.list-params'

export { ANIMAL_SORT_COLUMNS, type AnimalSortColumn, DEFAULT_PER_PAGE, HERD_STATUSES, MAX_PER_PAGE }

const uuidList = z
  .string()
  .transform((value, ctx) => {
    const ids = value.split(',').filter(Boolean)
    if (ids.length > 1000 || ids.some((id) => !z.uuid().safeParse(id).success)) {
      ctx.addIssue({ code: 'custom', message: 'Lista de animales inválida' })
      return z.NEVER
    }
    return ids
  })
  .optional()

/**
 * Query of GET /v2/establishments/{establishmentId}/animals. Multi-valued filters are
 * comma-separated ids; ranges are `_min`/`_max` (numbers) and `_from`/`_to` (dates).
 */
export const animalListQuerySchema = z.object({
  page: pageParam,
  perPage: perPageParam(MAX_PER_PAGE, DEFAULT_PER_PAGE),
  /** '1': only animals with active alerts (spec section 7). */
  alerts: z.enum(['0', '1']).optional(),
  sort: z.enum(ANIMAL_SORT_COLUMNS).default('visual_tag'),
  order: z.enum(['asc', 'desc']).default('asc'),
  status: z.enum(HERD_STATUSES).default('activos'),
  visual_tag: textFilterParam,
  electronic_tag: textFilterParam,
  category: idListParam(),
  rodeo: idListParam(),
  breed: idListParam(),
  color: idListParam(),
  gender: idListParam(),
  check_in_type: idListParam(),
  date_of_birth_from: isoDateParam,
  date_of_birth_to: isoDateParam,
  last_weight_min: numberParam,
  last_weight_max: numberParam,
  gdpv_min: numberParam,
  gdpv_max: numberParam,
  /** '1': only animals without an electronic tag (Resumen 'Sin RFID', docs/kpis.md#sin-rfid). */
  no_rfid: z.enum(['1']).optional(),
  /** '90': only animals not weighed in that many days (docs/kpis.md#sin-pesar). */
  not_weighed: z.enum(['90']).optional(),
  /** '1': only animals due a pregnancy check (docs/kpis.md#pendiente-tacto). */
  pregnancy_check_due: z.enum(['1']).optional(),
  /** Specific animals (the export of a selection spanning pages). */
  ids: uuidList,
  /** Animals left out of the matching ones ('all matching except these', docs/decisions/016). */
  except: uuidList,
})
export type AnimalListQuery = z.infer<typeof animalListQuerySchema>
export type AnimalListQueryInput = z.input<typeof animalListQuerySchema>

const lookupRef = z.object({ id: z.number().int(), description: z.string() }).nullable()

/** Spec section 3, "Animal list row (v2 list)". Dates are 'YYYY-MM-DD HH:mm:ss' wall-clock text. */
export const animalListRowSchema = z
  .object({
    animal_id: z.uuid(),
    visual_tag: z.string(),
    electronic_tag: z.string().nullable(),
    current_status: lookupRef,
    breed: lookupRef,
    color: lookupRef,
    check_in_type: lookupRef,
    category: lookupRef,
    rodeo: lookupRef,
    gender: lookupRef,
    birth_type: lookupRef,
    check_in_date: z.string().nullable(),
    check_out_id: z.number().int().nullable(),
    check_out_type_description: z.string().nullable(),
    check_out_date: z.string().nullable(),
    origin: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    alerts: z.array(z.object({ id: z.number().int(), description: z.string() })),
    sync_at: z.string().nullable(),
    weight_at_birth: z.number().nullable(),
    bull_id: z.number().int().nullable(),
    bull_alias: z.string().nullable(),
    service_date: z.string().nullable(),
    father_id: z.number().int().nullable(),
    father_alias: z.string().nullable(),
    mother_id: z.string().nullable(),
    mother_visual_tag: z.string().nullable(),
    donor_mother_id: z.string().nullable(),
    last_weight_id: z.number().int().nullable(),
    last_weight: z.number().nullable(),
    last_weight_read_at: z.string().nullable(),
    last_weighing_time: lookupRef,
    last_body_condition: z
      .object({ id: z.number().int(), description: z.string(), read_at: z.string() })
      .nullable(),
    last_pregnancy_check: z
      .object({ id: z.number().int(), description: z.string().nullable(), read_at: z.string() })
      .nullable(),
    last_preservice_id: z.number().int().nullable(),
    reproductive_grade: lookupRef,
    ovarian_status: lookupRef,
    last_preservice_read_at: z.string().nullable(),
    last_artificial_insemination: z
      .object({
        id: z.number().int(),
        inseminator: z.object({ id: z.number().int(), name: z.string(), last_name: z.string() }).nullable(),
        bull: z.object({ id: z.number().int(), alias: z.string() }).nullable(),
        read_at: z.string(),
      })
      .nullable(),
    /** Whole days since birth, today. */
    age: z.number().int().nullable(),
    /** Days between the first and the last weighing. */
    days_since_first_weight: z.number().int().nullable(),
    /** Days between the previous and the last weighing. */
    days_since_previous_weight: z.number().int().nullable(),
    /** kg/day between the last two weighings. */
    GDPV: z.number().nullable(),
    /** kg/day from the birth weight to the last weighing. */
    GDPVital: z.number().nullable(),
  })
  .meta({ id: 'AnimalListRow' })
export type AnimalListRow = z.infer<typeof animalListRowSchema>

export const animalListResponseSchema = z
  .object({
    data: z.array(animalListRowSchema),
    meta: pageMetaSchema,
    links: pageLinksSchema,
  })
  .meta({ id: 'AnimalList' })
export type AnimalListResponse = z.infer<typeof animalListResponseSchema>

export const filterOptionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  count: z.number().int(),
})

/** GET /v1/establishment/{eid}/filter: the options of the list's dropdown filters, with counts. */
export const animalFilterOptionsSchema = z
  .object({
    data: z.object({
      animal_types: z.array(filterOptionSchema),
      rodeos: z.array(filterOptionSchema),
      breeds: z.array(filterOptionSchema),
      colors: z.array(filterOptionSchema),
      sexes: z.array(filterOptionSchema),
      check_in_types: z.array(filterOptionSchema),
    }),
  })
  .meta({ id: 'AnimalFilterOptions' })
export type AnimalFilterOptions = z.infer<typeof animalFilterOptionsSchema>['data']
