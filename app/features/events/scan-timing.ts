/**
 * The chute's scan-to-card time, as the app itself sees it (issue 23 part 5: ≤ 50 ms offline): a
 * User Timing mark when a tag's Enter is pressed, and a measure named SCAN_TO_CARD when the animal's
 * context card is in the page. Journeys and benches read `performance.getEntriesByName(SCAN_TO_CARD)`;
 * the browser's performance panel shows them too. Two calls of the Performance API per scan.
 */

export const SCAN_TO_CARD = 'insights:scan-to-card'
const SCAN_MARK = 'insights:scan'

/** A tag's Enter: the clock starts. */
export function markScan() {
  if (typeof performance === 'undefined') return
  performance.clearMarks(SCAN_MARK)
  performance.mark(SCAN_MARK)
}

/** The context card is in the page: the time since the scan's Enter, once per scan. */
export function measureScanToCard() {
  if (typeof performance === 'undefined' || performance.getEntriesByName(SCAN_MARK, 'mark').length === 0)
    return
  performance.measure(SCAN_TO_CARD, SCAN_MARK)
  performance.clearMarks(SCAN_MARK)
}
