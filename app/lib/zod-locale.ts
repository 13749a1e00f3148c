/**
 * zod's own messages (a schema without a message of its own: a wrong type, a bad enum value) in
 * Spanish, like every word a user sees. Imported for its effect by every entry that validates: the
 * provider API (app/api/app.ts), the Start entry shared by server functions and the browser
 * (app/start.ts, app/router.tsx), the component tests and Storybook. `z.config` is process-wide, so
 * importing it twice is harmless.
 */
import { z } from 'zod'

z.config(z.locales.es())
