/**
 * The event lists' paging and sort columns. Without zod (decision 042): the browser's entry script imports these for the routes' search
 * schemas, and the schema module beside it would bring zod's classic API (~22 KB gzip) into every page.
 */

export const EVENTS_DEFAULT_PER_PAGE = 50
export const EVENTS_MAX_PER_PAGE = 200

/** Columns an event list sorts on (each served by an index); `weight` for weighings only. */
export const EVENT_SORT_COLUMNS = ['read_at', 'visual_tag', 'weight', 'gdpv'] as const
export type EventSortColumn = (typeof EVENT_SORT_COLUMNS)[number]
