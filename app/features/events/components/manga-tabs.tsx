import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { HStack, styled } from 'styled-system/jsx'
import { EVENT_KIND_INFO, EVENT_KINDS, type EventKind } from '../event-kinds'
import { type EventsSearch, eventViewFromSearch, searchFromEventView } from '../events.view'

/** The `?type=` of the Manga page's own three tables. */
const TYPE_OF_KIND = {
  'artificial-insemination': undefined,
  preservice: 'preservices',
  weighing: 'weighings',
} as const

const MANGA_PATH = '/management/establishment/app-insights/cattlehandling' as const
const PREGNANCY_CHECK_PATH = '/management/establishment/app-insights/cattlehandling/pregnacy-check' as const

/**
 * The address of a kind's table, optionally showing one session (the table filtered by it, which
 * makes it the session new records of that kind go into).
 */
export function mangaAddress(kind: EventKind, sessionId?: number) {
  const search: EventsSearch =
    sessionId === undefined
      ? {}
      : searchFromEventView(
          kind,
          eventViewFromSearch(kind, { filters: { cattle_handling: [String(sessionId)] } }),
        )
  return kind === 'pregnancy-check'
    ? { to: PREGNANCY_CHECK_PATH, search }
    : { to: MANGA_PATH, search: { ...search, type: TYPE_OF_KIND[kind] } }
}

const tabLink = css({
  px: '3',
  py: '2',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderBottomWidth: '2px',
  borderColor: 'transparent',
  _hover: { color: 'fg.default' },
  '&[aria-current=page]': { color: 'fg.default', borderColor: 'accent.default' },
})

/**
 * Manga's four tables as tabs; the current one is the table shown. Inseminations, pre-services and
 * weighings share one address (the page with `?type=`), pregnancy checks have their own
 * (`pregnacy-check`, below it). The router's own matching is fuzzy on the path (so on the pregnancy
 * checks' page the inseminations' tab, no type, matched too: two tabs marked current) and partial on
 * the search; so the shared address's tabs ask it for an exact match only (which can only agree with
 * the table shown) and say which one is current themselves.
 */
export function MangaTabs({ kind }: { kind: EventKind }) {
  return (
    <styled.nav aria-label="Tablas de Manga" borderBottomWidth="1px" borderColor="border.default">
      <HStack gap="1" overflowX="auto">
        {EVENT_KINDS.map((each) =>
          each === 'pregnancy-check' ? (
            <Link
              key={each}
              to={PREGNANCY_CHECK_PATH}
              aria-current={each === kind ? 'page' : undefined}
              className={tabLink}
            >
              {EVENT_KIND_INFO[each].plural}
            </Link>
          ) : (
            <Link
              key={each}
              to={MANGA_PATH}
              search={{ type: TYPE_OF_KIND[each] }}
              activeOptions={{ exact: true, explicitUndefined: true }}
              aria-current={each === kind ? 'page' : undefined}
              className={tabLink}
            >
              {EVENT_KIND_INFO[each].plural}
            </Link>
          ),
        )}
      </HStack>
    </styled.nav>
  )
}
