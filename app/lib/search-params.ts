/**
 * Building blocks of the routes' search schemas (`validateSearch`), on zod's tree-shakable `zod/mini`
 * API (decision 042): every route's search schema runs in the browser's entry script, which every page
 * loads, so the schemas there must not pull in zod's classic API (its methods come as one block,
 * ~22 KB gzip). They parse exactly as the classic chains did; server code keeps the classic API.
 *
 * A search parameter is state in the address (decision 017): a missing or mistyped one is dropped,
 * never an error page.
 */
import { z } from 'zod/mini'

/** The parameter, or `undefined` when it is missing or does not fit. */
export function dropInvalid<T extends z.core.SomeType>(schema: T) {
  return z.catch(z.optional(schema), undefined)
}

/** A positive whole number, also when the address holds it as text (`?establecimiento=4`). */
export const positiveIntParam = dropInvalid(z.coerce.number().check(z.int(), z.positive()))

/** A 'YYYY-MM-DD' day. */
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))
