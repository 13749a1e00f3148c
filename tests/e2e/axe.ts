import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import axe from 'axe-core'
import { AXE_RULES, AXE_TAGS } from '../axe-config'

/** axe with the project's rule configuration applied in the page once it is injected. */
const AXE_SOURCE = `${axe.source};axe.configure(${JSON.stringify({ rules: AXE_RULES })});`

/**
 * The journeys' accessibility check: axe (WCAG 2.0/2.1 A and AA) on the page as it is, failing on
 * serious or critical violations. Called at every page a journey visits and in the states that
 * matter (a dialog open, a form with errors). Chromium computes colours, so colour contrast is
 * checked here (the stories' check in happy-dom cannot). docs/decisions/019.
 */
export async function expectAccessible(page: Page, where: string) {
  const started = Date.now()
  await test.step(`accesibilidad: ${where}`, async () => {
    // Colours read mid-transition (a button just enabled, a dialog fading in) are neither state's:
    // wait for the finite animations and transitions to end, as Storybook's a11y addon does.
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    )
    const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(AXE_TAGS).analyze()
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    const lines = serious.flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id}: ${v.help} — ${n.target.join(' ')} — ${n.html.slice(0, 160)} — ${n.failureSummary ?? ''}`,
      ),
    )
    expect(lines, `violaciones de accesibilidad en ${where}`).toEqual([])
  })
  // axe takes seconds on a loaded machine: its time is added to the journey's budget, not taken from it.
  test.info().setTimeout(test.info().timeout + (Date.now() - started))
}
