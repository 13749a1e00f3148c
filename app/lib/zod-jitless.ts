/**
 * Run in the page's <head> before any module (app/routes/__root.tsx): zod's "jitless" mode, so it
 * never tries `new Function`. Even its caught probe is a violation of the pages' content security
 * policy, which allows no eval (decision 014). It must be set before the first schema is built,
 * which happens while the route chunks load, before any app code could call `z.config`; zod reads
 * its configuration from this global. Its own module, without zod: the root route is in the entry
 * every page loads (decision 046).
 */
export const zodJitlessScript =
  'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})'
