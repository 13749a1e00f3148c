import { z } from 'zod'
import { dbId } from '~/lib/db-id'
import { WEIGHT_RANGE } from '~/lib/record-rules'

/**
 * The feedlot board (issue 22, decision 038): pens are rodeos marked as feedlot pens with a target
 * weight; their figures come from the animals' own records (moves, weighings, check-outs) and from
 * the feed delivered to each pen.
 */

export const FEEDLOT_MESSAGES = {
  notAdmin: 'Solo un administrador del establecimiento puede configurar los corrales',
  penNotFound: 'El corral no existe en este establecimiento',
  rodeoNotFound: 'El rodeo no existe en este establecimiento',
  targetWeight: `El peso objetivo debe estar entre ${WEIGHT_RANGE.min} y ${WEIGHT_RANGE.max} kg`,
  penSaved: 'Corral guardado con éxito',
  penRemoved: 'El rodeo ya no es un corral de feedlot',
  deliveriesSaved: (rows: number) => `Se importaron ${rows.toLocaleString('es-AR')} entregas de alimento`,
  listError: 'No se pudieron obtener los corrales',
  saveError: 'Error al guardar el corral',
  importError: 'Error al importar las entregas de alimento',
} as const

export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida: use AAAA-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Fecha inválida')

/** PUT /v2/establishments/{id}/feedlot/pens/{rodeoId}: mark a rodeo as a pen (or change its target). */
export const penInputSchema = z
  .object({
    target_weight: z
      .number({ error: FEEDLOT_MESSAGES.targetWeight })
      .min(WEIGHT_RANGE.min, FEEDLOT_MESSAGES.targetWeight)
      .max(WEIGHT_RANGE.max, FEEDLOT_MESSAGES.targetWeight),
  })
  .meta({ id: 'FeedlotPenInput', examples: [{ target_weight: 420 }] })

const num = z.number().nullable()

/** One pen's figures (averages over its head on feed; null when nothing to average). */
export const penSummarySchema = z
  .object({
    rodeo_id: dbId('Corral inválido'),
    name: z.string(),
    target_weight: z.number(),
    head: z.number().int(),
    days_on_feed: num,
    entry_weight: num,
    current_weight: num,
    adg: num,
    /** The day the pen's mean line reaches the target (yyyy-mm-dd). */
    projected_target_date: z.string().nullable(),
    /** The pen's mean projected weight on the chosen date. */
    projected_weight: num,
    ready: z.number().int(),
    deaths: z.number().int(),
    removals: z.number().int(),
    /** kg of dry matter per head and day: the mean over the last delivery days of that day's DM over that day's head (decision 038, addendum h32); null without deliveries. */
    dmi: num,
    /** DMI / ADG. */
    feed_conversion: num,
  })
  .meta({ id: 'FeedlotPen' })
export type PenSummary = z.infer<typeof penSummarySchema>

export const penAnimalSchema = z
  .object({
    id: z.string(),
    visual_tag: z.string(),
    electronic_tag: z.string().nullable(),
    entry_date: z.string(),
    days_on_feed: z.number().int(),
    entry_weight: num,
    current_weight: num,
    last_weighing_date: z.string().nullable(),
    adg: num,
    projected_weight: num,
    projected_target_date: z.string().nullable(),
    ready: z.boolean(),
    /** Weighings since entry, oldest first, for the weight curve. */
    weighings: z.array(z.object({ date: z.string(), weight: z.number() })),
  })
  .meta({ id: 'FeedlotPenAnimal' })
export type PenAnimal = z.infer<typeof penAnimalSchema>

export const feedlotBoardSchema = z
  .object({
    /** The projection date used (yyyy-mm-dd). */
    date: z.string(),
    pens: z.array(penSummarySchema),
  })
  .meta({ id: 'FeedlotBoard' })
export type FeedlotBoard = z.infer<typeof feedlotBoardSchema>

export const penDetailSchema = z
  .object({ date: z.string(), pen: penSummarySchema, animals: z.array(penAnimalSchema) })
  .meta({ id: 'FeedlotPenDetail' })
export type PenDetail = z.infer<typeof penDetailSchema>

/** Delivery days that DMI averages over. */
export const DMI_WINDOW_DAYS = 14
/** Rows of one delivery file. */
export const MAX_DELIVERY_ROWS = 20_000
