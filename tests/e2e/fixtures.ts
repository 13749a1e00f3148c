import { test as base, expect } from '@playwright/test'

export { expect }

/** What a page reports through `securitypolicyviolation` (decision 014). */
interface CspViolation {
  url: string
  directive: string
  blockedURI: string
  sample: string
}

/**
 * The journeys' `test`: each fails if any page it opened broke the content security policy. An init
 * script listens in every document the page loads and hands each violation to the test at once
 * (a binding survives navigations; a list kept in the page would be lost with its document).
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const seen: CspViolation[] = []
      await page.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
        seen.push(violation)
      })
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void })
            .__reportCspViolation
          report?.({
            url: document.location.href,
            directive: event.effectiveDirective,
            blockedURI: event.blockedURI,
            sample: event.sample,
          })
        })
      })
      await use(seen)
      expect(seen, 'ninguna página infringe la política de seguridad de contenidos').toEqual([])
    },
    { auto: true },
  ],
})
