/**
 * zod speaks Spanish wherever it runs in a build (decision 046). Its locale used to be set by a
 * side-effect import in the router and the Start entry, which put zod (its core and the Spanish
 * messages, ~4 KB gzip) in the browser's entry script: on the login page, which validates nothing
 * with zod. Now every app module that imports zod also imports `app/lib/zod-locale.ts`, added here
 * at build time, so the locale comes with zod wherever zod comes, and nowhere else.
 *
 * The import is appended (imports are hoisted; zod reads its locale when it reports an issue, never
 * when a schema is built), so no line moves and source maps stay right. Tests and Storybook, which
 * do not build with this config, import the locale in their setup files.
 */
import type { Plugin } from 'vite'

const LOCALE_MODULE = '/app/lib/zod-locale.ts'
const IMPORTS_ZOD = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]zod(?:\/[\w/-]+)?['"]/

/** The module's code with the locale's import appended, or undefined when it does not import zod. */
export function withZodLocale(code: string, id: string): string | undefined {
  const file = id.split('?')[0] ?? id
  if (!file.includes('/app/') || file.includes('/node_modules/') || file.endsWith(LOCALE_MODULE)) return
  if (!IMPORTS_ZOD.test(code)) return
  return `${code}\nimport '~/lib/zod-locale';\n`
}

export function zodLocale(): Plugin {
  return {
    name: 'insights:zod-locale',
    transform(code, id) {
      const next = withZodLocale(code, id)
      // Appended only: the previous source map still holds (`map: null` keeps it).
      return next === undefined ? undefined : { code: next, map: null }
    },
  }
}
