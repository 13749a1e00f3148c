/**
 * zod's own messages (a schema without a message of its own: a wrong type, a bad enum value) in
 * Spanish, like every word a user sees. Imported for its effect: in a build, by every app module that
 * imports zod (added by scripts/zod-locale-plugin.ts, decision 046: the browser's entry, which has no
 * zod, stays without it); explicitly by the provider API (app/api/app.ts), the component tests and
 * Storybook. `z.config` is process-wide, so importing it twice is harmless.
 */
// From `zod/mini`: the setting lives in zod's core, which the classic and mini APIs share (decision
// 042). Classic zod sets English only when no locale is set yet, so the order of imports does not matter.
import { config, locales } from 'zod/mini'

config(locales.es())
