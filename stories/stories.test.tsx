/**
 * Every story renders, runs its play function, and passes Storybook's accessibility check
 * (@storybook/addon-a11y's afterEach, the check the Storybook UI shows), here in Vitest so that CI
 * runs it. happy-dom has no layout or colours: axe reports color-contrast as "incomplete" here, not
 * as a violation; contrast is checked by the journeys' axe in Chromium (tests/e2e/axe.ts).
 * docs/decisions/019-demo-data-and-accessibility-checks.md.
 */
import * as a11yAnnotations from '@storybook/addon-a11y/preview'
import { composeStories, setProjectAnnotations } from '@storybook/react-vite'
import type { Result } from 'axe-core'
import { afterAll, describe, expect, it } from 'vitest'
import * as previewAnnotations from '../.storybook/preview'

setProjectAnnotations([a11yAnnotations, previewAnnotations])

type StoriesModule = Parameters<typeof composeStories>[0]
/** What this test uses of a composed story: its run (render, play, afterEach) and its reports. */
type RunnableStory = {
  run: () => Promise<void>
  reporting: { reports: { type: string; status: string; result: unknown }[] }
}
const modules = import.meta.glob<StoriesModule>('./*.stories.tsx', { eager: true })

/** One line per violation and node, so that a failure names what to fix. */
function describeViolations(violations: Result[]) {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id}: ${v.help} — ${n.target.join(' ')}`),
  )
}

for (const [path, module] of Object.entries(modules)) {
  describe(path.replace('./', ''), () => {
    for (const [name, Story] of Object.entries(composeStories(module)) as [string, RunnableStory][]) {
      it(name, async () => {
        await Story.run()
        const reports = Story.reporting.reports.filter((r) => r.type === 'a11y')
        expect(reports, 'the a11y addon ran').toHaveLength(1)
        const result = reports[0]?.result as { violations?: Result[]; error?: unknown }
        if (result.error) throw result.error
        expect(describeViolations(result.violations ?? [])).toEqual([])
      })
    }
  })
}

afterAll(async () => {
  // The last story stays mounted until the next run: unmount it.
  document.body.innerHTML = ''
})
