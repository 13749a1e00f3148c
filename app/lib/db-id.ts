import { z } from 'zod'

/**
 * The largest value of a PostgreSQL `integer` column: every serial id of the schema (establishments,
 * sessions, events, rodeos, lookups, alerts…). zod's `.int()` accepts any safe integer; a larger id
 * would reach SQL and fail there (SQLSTATE 22003) instead of being refused as bad input.
 */
export const MAX_DB_ID = 2_147_483_647

/** What a number schema's `error` option accepts: a message, or one chosen from the issue. */
type TypeError = string | z.core.$ZodErrorMap

/**
 * A database integer id as a number: whole, positive and within `integer`. `typeError` is the
 * message for a value that is not a number at all (a form may want to say "required" there).
 */
export function dbId(invalid: string, typeError: TypeError = invalid) {
  return z.number({ error: typeError }).int(invalid).positive(invalid).max(MAX_DB_ID, invalid)
}

/** The same id read from a path or a query string ('12'). */
export function dbIdParam(invalid: string) {
  return z.coerce.number({ error: invalid }).int(invalid).positive(invalid).max(MAX_DB_ID, invalid)
}

/** A text that is an id ('12', as a form field or a multipart field holds it). */
export function isDbIdText(value: string) {
  return /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) <= MAX_DB_ID
}
