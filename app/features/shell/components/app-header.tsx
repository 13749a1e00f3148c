import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react'
import { css } from 'styled-system/css'
import { HStack, styled } from 'styled-system/jsx'
import { hstack } from 'styled-system/patterns'
import { LoadOnFirstPress } from '~/components/ui/load-when-opened'
import { Logo } from '~/components/ui/logo'
import { ThemeToggle } from '~/components/ui/theme-toggle'
import { type OutboxCount, readOutboxCount, subscribeOutboxCount } from '~/features/offline/outbox-count'
import { AppLink } from './app-link'
import { AppsButton } from './apps-button'
import type { AppKey } from './apps-drawer'
import { EstablishmentButton } from './establishment-button'
import type { EstablishmentDialogProps } from './establishment-dialog'
import { APP_PATHS } from './paths'
import { TopMenu, type TopMenuItem } from './top-menu'
import { UserBar, type UserBarProps } from './user-bar'

// The header's dialogs load when their buttons are first pressed, not with every page (decision 026).
const OutboxBadge = lazy(() =>
  import('~/features/offline/components/outbox-badge').then((module) => ({ default: module.OutboxBadge })),
)
const AppsDrawer = lazy(() => import('./apps-drawer').then((module) => ({ default: module.AppsDrawer })))
const EstablishmentDialog = lazy(() =>
  import('./establishment-dialog').then((module) => ({ default: module.EstablishmentDialog })),
)

export interface AppHeaderProps extends UserBarProps {
  /**
   * The selected establishment and what its dialog needs. Without one (on the picker) the header
   * shows neither the establishment button nor the top menu.
   */
  establishment?: Omit<EstablishmentDialogProps, 'open' | 'onOpenChange'> | null
  /** The top menu's links (see `topMenuItems`). */
  menuItems?: TopMenuItem[]
  /** The application marked in the 'Aplicaciones' drawer. */
  activeApp?: AppKey
  /** The animal search (shown only with an establishment selected). */
  search?: ReactNode
}

/**
 * The app's header: applications drawer, logo, establishment button, theme toggle and user bar, and
 * under them, once an establishment is selected, the top menu.
 */
export function AppHeader({
  establishment,
  menuItems = [],
  activeApp = 'insights',
  user,
  onLogout,
  logoutBusy,
  search,
}: AppHeaderProps) {
  return (
    <header className={headerClass}>
      <div className={barClass}>
        <div className={startClass}>
          <LoadOnFirstPress trigger={(press) => <AppsButton onClick={press} />}>
            {(drawer) => <AppsDrawer activeApp={activeApp} {...drawer} />}
          </LoadOnFirstPress>
          <AppLink to={APP_PATHS.establishmentPicker} className={logoLinkClass} aria-label="Insights">
            <Logo compact />
          </AppLink>
        </div>
        {/* On a phone the search takes what the other controls leave; nothing may push the page wider. */}
        <div className={endClass}>
          {establishment && search && <div className={searchClass}>{search}</div>}
          {establishment && (
            <LoadOnFirstPress
              trigger={(press) => (
                <EstablishmentButton establishmentName={establishment.establishmentName} onClick={press} />
              )}
            >
              {(dialog) => <EstablishmentDialog {...establishment} {...dialog} />}
            </LoadOnFirstPress>
          )}
          {/* Records kept on this device and not yet written by the server (decision 040). */}
          <OutboxBadgeWhenNeeded />
          {/* Below `md` the theme is switched from the user menu (UserBar's 'Modo oscuro'/'Modo claro'). */}
          <div className={wideOnlyClass}>
            <ThemeToggle />
          </div>
          <span className={dividerClass} aria-hidden />
          <UserBar user={user} onLogout={onLogout} logoutBusy={logoutBusy} />
        </div>
      </div>
      {/* A row of its own: the sections stay in one line however full the bar above gets. */}
      {establishment && menuItems.length > 0 && (
        <div className={menuRowClass}>
          <TopMenu items={menuItems} establishmentSelected />
        </div>
      )}
    </header>
  )
}

// The header renders with every page, on the server too: its classes are computed once here rather
// than by styled components on each render (decision 050).
const headerClass = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  bg: 'bg.default/90',
  backdropFilter: 'saturate(180%) blur(8px)',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
})
const barClass = hstack({
  gap: { base: '2', md: '4' },
  justify: 'space-between',
  px: { base: '3', md: '6' },
  h: '16',
  maxW: 'breakpoint-2xl',
  mx: 'auto',
})
const startClass = hstack({ gap: '1.5', flexShrink: '0' })
const endClass = hstack({ gap: { base: '1.5', md: '3' }, flex: '1', minW: '0', justify: 'flex-end' })
const searchClass = css({ flex: { base: '1', md: 'initial' }, minW: '0', maxW: { base: '64', md: 'none' } })
const wideOnlyClass = css({ hideBelow: 'md' })
const dividerClass = css({ h: '6', borderLeftWidth: '1px', borderColor: 'border.default', hideBelow: 'md' })
const menuRowClass = css({ px: { base: '1', md: '3' }, maxW: 'breakpoint-2xl', mx: 'auto' })

/** The header of a page outside the signed-in app (an unknown address): the logo, which leads in. */
export function BareHeader() {
  return (
    <styled.header borderBottomWidth="1px" borderColor="border.subtle">
      <HStack justify="space-between" px={{ base: '3', md: '6' }} h="16" maxW="breakpoint-2xl" mx="auto">
        <AppLink to={APP_PATHS.establishmentPicker} className={logoLinkClass}>
          <Logo />
        </AppLink>
        <ThemeToggle />
      </HStack>
    </styled.header>
  )
}

const logoLinkClass = css({
  display: 'inline-flex',
  borderRadius: 'l2',
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '4px' },
})

const NO_RECORDS: OutboxCount = { pending: 0, review: 0 }

/**
 * The unsynced-records badge's code loads the first time the device holds such records (decision
 * 026): every page reads only the count mirrored in localStorage. Once loaded the badge stays
 * mounted (it hides itself at zero and keeps its dialog open while it is).
 */
function OutboxBadgeWhenNeeded() {
  const count = useSyncExternalStore(subscribeOutboxCount, readOutboxCount, () => NO_RECORDS)
  const [needed, setNeeded] = useState(false)
  // State adjusted while rendering (as in LoadWhenOpened): no extra pass.
  if (count.pending + count.review > 0 && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <OutboxBadge />
    </Suspense>
  )
}
