/**
 * The one axe configuration of the journeys (tests/e2e/axe.ts) and of the stories
 * (.storybook/preview.tsx, run in CI by stories/stories.test.tsx). docs/decisions/019.
 */

/** WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * A modal dialog (Ark UI/Zag) hides the rest of the page from assistive technology with aria-hidden
 * and traps focus inside itself: the hidden page still holds buttons and links that axe calls
 * focusable, though the trap keeps focus from reaching them. Zag marks what it hides with
 * data-aria-hidden; aria-hidden set anywhere else is still checked.
 */
export const AXE_RULES = [
  { id: 'aria-hidden-focus', selector: '[aria-hidden="true"]:not([data-aria-hidden])' },
]
