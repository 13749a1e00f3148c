/**
 * Messages of establishment reads and of the isolation rule. Without zod (decision 042): the browser's entry script imports these for the routes' search
 * schemas, and the schema module beside it would bring zod's classic API (~22 KB gzip) into every page.
 */

/** The refusal of the isolation rule, from the API and the UI alike. */
export const ESTABLISHMENT_ACCESS_DENIED = 'No tiene acceso a este establecimiento'

/** Reads that failed (server functions rethrow these, never the provider's URL). */
export const ESTABLISHMENT_READ_ERRORS = {
  establishments: 'No se pudo obtener la lista de establecimientos',
  boards: 'No se pudieron obtener los tableros',
  framework: 'No se pudieron obtener los datos del establecimiento',
} as const
