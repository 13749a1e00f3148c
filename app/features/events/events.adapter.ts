import { z } from 'zod'
import { pageMetaSchema } from '~/lib/list-query'
import { ANSWER_NOT_RECOGNIZED_LOG } from '~/lib/provider-contract'
import { EVENT_KIND_INFO, type EventKind } from './event-kinds'
import {
  type EventRowByKind,
  inseminationRowSchema,
  pregnancyCheckRowSchema,
  preserviceRowSchema,
  weighingRowSchema,
} from './events-list.schema'

/** Spec section 8: what is logged when a list's rows are not of the shape of its kind. */
export const ADAPTER_LOG_MESSAGE = ANSWER_NOT_RECOGNIZED_LOG

/** A page of a kind's rows as the tables read it: the rows and the counts (not the provider's links). */
export interface EventPage<R> {
  data: R[]
  meta: z.infer<typeof pageMetaSchema>
}

const page = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), meta: pageMetaSchema })
const PAGES = {
  'artificial-insemination': page(inseminationRowSchema),
  'pregnancy-check': page(pregnancyCheckRowSchema),
  preservice: page(preserviceRowSchema),
  weighing: page(weighingRowSchema),
} as const

/** What a list that could not be read says (the table shows the same words). */
export const listFailedMessage = (kind: EventKind) =>
  `No se pudo obtener la lista de ${EVENT_KIND_INFO[kind].pluralLower}`

/**
 * Spec section 7, "data array adapted per row shape": the provider's page checked against the
 * rows of the kind asked for (a page is at most 200 rows: cheap). Another shape is logged and the
 * list fails, so the table says it could not get the list instead of showing wrong columns.
 */
export function adaptEventPage(kind: EventKind, response: unknown): EventPage<EventRowByKind[EventKind]> {
  const parsed = PAGES[kind].safeParse(response)
  if (parsed.success) return parsed.data
  const [issue] = parsed.error.issues
  console.error(ADAPTER_LOG_MESSAGE, { kind, path: issue?.path.join('.'), problem: issue?.message })
  throw new Error(listFailedMessage(kind))
}
