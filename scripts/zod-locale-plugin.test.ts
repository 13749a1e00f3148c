import { describe, expect, it } from 'vitest'
import { withZodLocale } from './zod-locale-plugin'

describe('zodLocale (the build adds the Spanish locale wherever zod is imported)', () => {
  it('appends the locale to an app module that imports zod, classic or mini', () => {
    for (const line of [
      "import { z } from 'zod'",
      'import { z } from "zod/mini"',
      "import * as z from 'zod/v4'",
    ]) {
      const code = `${line}\nexport const a = 1\n`
      expect(withZodLocale(code, '/work/x/app/features/a/a.schema.ts')).toBe(
        `${code}\nimport '~/lib/zod-locale';\n`,
      )
    }
    expect(withZodLocale("const m = import('zod')", '/p/app/a.ts?tsr-split=component')).toContain(
      'zod-locale',
    )
  })

  it('leaves alone modules without zod, zod itself, and the locale module', () => {
    expect(withZodLocale("import { x } from 'zodiac'\n", '/p/app/a.ts')).toBeUndefined()
    expect(withZodLocale("import { x } from './zod-things'\n", '/p/app/a.ts')).toBeUndefined()
    expect(withZodLocale("export * from 'zod'\n", '/p/node_modules/zod/index.js')).toBeUndefined()
    expect(withZodLocale("import { config } from 'zod/mini'\n", '/p/app/lib/zod-locale.ts')).toBeUndefined()
  })
})
