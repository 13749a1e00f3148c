import { dropInvalid, looseSearchSchema, oneOf, positiveIntParam, type SearchOf } from '~/lib/search-params'

/**
 * The `seccion` values, in the sidebar's order (binding: the product's section keys). Their own
 * small module because the route validates its search with them, and route options ship with the
 * app's first chunk (the login page included, decision 026): the sections' definitions (icons, lazy
 * bodies) stay out of it. `config-sections.test.ts` checks this list against CONFIG_SECTIONS.
 */
export const CONFIG_SECTION_KEYS = [
  'establecimiento',
  'usuarios',
  'rodeos',
  'toros',
  'inseminadores',
  'recorredores',
  'origenes',
  'propietarios',
  'auditoria',
  'establecimientos',
] as const

/**
 * The configuration screen's address: `?seccion=` one of the sections' keys (anything else shows the
 * default section) and, as on every page of an establishment (decision 017), `?establecimiento=`.
 * Loose: a section keeps its own state in the address too (the audit log's `persona`, `entidad`,
 * `desde`, `hasta`, `pagina`, … validated by that section), so unknown keys pass through.
 */
export const configurationSearchSchema = looseSearchSchema({
  seccion: dropInvalid(oneOf(CONFIG_SECTION_KEYS)),
  establecimiento: positiveIntParam,
})
export type ConfigurationSearch = SearchOf<typeof configurationSearchSchema>
