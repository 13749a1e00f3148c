/**
 * zod's own messages (a schema without a message of its own: a wrong type, a bad enum value) in
 * Spanish, like every word a user sees. Imported for its effect by every entry that validates: the
 * provider API (app/api/app.ts), the Start entry shared by server functions and the browser
 * (app/start.ts, app/router.tsx), the component tests and Storybook. `z.config` is process-wide, so
 * importing it twice is harmless.
 */
// From `zod/mini`: the setting lives in zod's core, which the classic and mini APIs share, and this
// module is in the browser's entry, where the classic API would cost ~22 KB gzip (decision 042).
// Classic zod sets English only when no locale is set yet, so the order of imports does not matter.
import { config, locales } from 'zod/mini'

config(locales.es())

/**
 * Run in the page's <head> before any module (app/routes/__root.tsx): zod's "jitless" mode, so it
 * never tries `new Function`. Even its caught probe is a violation of the pages' content security
 * policy, which allows no eval (decision 014). It must be set before the first schema is built,
 * which happens while the route chunks load, before any app code could call `z.config`; zod reads
 * its configuration from this global.
 */
export const zodJitlessScript =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})'
