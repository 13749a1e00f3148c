import type { DefaultOptions } from '@tanstack/react-query'

/**
 * Answers made only of JSON values (a provider answer as its schema parsed it: strings, numbers,
 * booleans, null, arrays, plain objects), marked by the server function that returns them. Kept in
 * a WeakSet: the mark ends with the answer, and nothing about it reaches the browser but its text.
 */
const jsonAnswers = new WeakSet<object>()

/**
 * Marks a query's data as plain JSON, so a server-rendered page embeds it as JSON text (one
 * `JSON.stringify`, parsed with `JSON.parse` in the browser) instead of through the router's
 * serializer, which walks every property of it: 50 rows of the Animales list were ~7 % of the
 * page's server CPU (decision 050). Only for data that JSON carries exactly.
 */
export function asJsonAnswer<T extends object>(answer: T): T {
  jsonAnswers.add(answer)
  return answer
}

/** The key of a dehydrated JSON answer: `{ [JSON_TEXT]: '…' }`. */
const JSON_TEXT = '$insights.json'

type JsonText = { [JSON_TEXT]: string }

const isJsonText = (data: unknown): data is JsonText =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as Partial<JsonText>)[JSON_TEXT] === 'string' &&
  Object.keys(data).length === 1

export const serializeQueryData = (data: unknown): unknown =>
  typeof data === 'object' && data !== null && jsonAnswers.has(data)
    ? { [JSON_TEXT]: JSON.stringify(data) }
    : data

export const deserializeQueryData = (data: unknown): unknown =>
  isJsonText(data) ? JSON.parse(data[JSON_TEXT]) : data

/**
 * The app's query defaults (spec section 7): a failed query is retried twice — three attempts in
 * all — and never refetched on window focus or reconnect.
 *
 * `retryOnMount: false`: a list's first load runs its attempts in the route loader (on the server
 * for the first page); the error it ends with is handed to the page, which must show it instead of
 * starting three more attempts when its component mounts (issue 16: a failed first load made six
 * requests over about six seconds with nothing shown). 'Recargar' and 'Reintentar' still refetch.
 *
 * `dehydrate`/`hydrate`: the data marked by `asJsonAnswer` travels in the page as JSON text.
 */
export const QUERY_DEFAULTS = {
  queries: {
    retry: 2,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  },
  dehydrate: { serializeData: serializeQueryData },
  hydrate: { deserializeData: deserializeQueryData },
} satisfies DefaultOptions
