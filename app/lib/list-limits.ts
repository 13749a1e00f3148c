/**
 * Limits of the paged lists' queries that the tables in the browser apply too. Without zod (decision 042): the browser's entry script imports these for the routes' search
 * schemas, and the schema module beside it would bring zod's classic API (~22 KB gzip) into every page.
 */

/** Spec sections 5 and 9: a text filter is applied only when shorter than this many characters. */
export const TEXT_FILTER_MAX_LENGTH = 20
