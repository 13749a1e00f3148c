import { ChevronDownIcon, KeyRoundIcon, LogOutIcon, MoonIcon, SunIcon, UserRoundIcon } from 'lucide-react'
import { lazy, useState } from 'react'
import { css } from 'styled-system/css'
import { Stack, styled } from 'styled-system/jsx'
import { hstack, stack } from 'styled-system/patterns'
import { Button } from '~/components/ui/button'
import { ClientPortal } from '~/components/ui/client-portal'
import { LoadWhenOpened } from '~/components/ui/load-when-opened'
import * as Menu from '~/components/ui/menu'
import { useTheme } from '~/components/ui/theme'
import type { SessionUser } from '~/features/auth/auth.schema'
import { AppLink } from './app-link'
import { APP_PATHS } from './paths'

export const UNKNOWN_USER_NAME = 'Usuario Desconocido'
export const UNKNOWN_USER_EMAIL = 'Email no disponible'
const CHANGE_PASSWORD_REMINDER = 'Necesita cambiar la contraseña'

/** What the user bar shows for a user, with the spec's fallbacks for missing data. */
export function userDisplay(user: Partial<SessionUser> | null | undefined) {
  const fullName = [user?.name, user?.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  const initials = [user?.name, user?.surname]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toLocaleUpperCase('es')
  return {
    name: fullName || UNKNOWN_USER_NAME,
    email: user?.email?.trim() || UNKNOWN_USER_EMAIL,
    initials,
  }
}

// The confirmation loads when 'Cerrar sesión' is chosen (decision 026).
const LogoutDialog = lazy(() =>
  import('./logout-dialog').then((module) => ({ default: module.LogoutDialog })),
)

export interface UserBarProps {
  /** The signed-in user; missing fields show 'Usuario Desconocido' / 'Email no disponible'. */
  user: Partial<SessionUser> | null | undefined
  /** Runs when the logout is confirmed; see `LogoutDialog`. */
  onLogout: () => void | Promise<void>
  logoutBusy?: boolean
}

/**
 * The signed-in user, with a menu to reach the profile and to log out (after a confirmation). Users
 * who must change their password also get a pulsing button to the profile page (spec section 6).
 */
export function UserBar({ user, onLogout, logoutBusy }: UserBarProps) {
  const [logoutOpen, setLogoutOpen] = useState(false)
  const { name, email, initials } = userDisplay(user)
  const mustChangePassword = user?.must_change_password === 1

  return (
    <div className={barClass}>
      {mustChangePassword && <ChangePasswordReminder />}
      <Menu.Root positioning={{ placement: 'bottom-end', gutter: 6 }} lazyMount unmountOnExit>
        <Menu.Trigger asChild>
          <Button variant="ghost" size="md" className={triggerClass}>
            <UserAvatar initials={initials} />
            {/* Below `md` only the avatar shows; name and e-mail stay the button's name for screen
                readers (its text, not an aria-label that would differ from what is seen: axe
                label-content-name-mismatch). */}
            <div className={identityClass}>
              <span className={nameClass}>{name}</span>
              <span className={emailClass}>{email}</span>
            </div>
            <span className={chevronClass} aria-hidden>
              <ChevronDownIcon size={16} />
            </span>
          </Button>
        </Menu.Trigger>
        <ClientPortal>
          <Menu.Positioner>
            {/* The preset makes the content 2rem wider than the trigger, which pushes it off a right-aligned header. */}
            <Menu.Content width="auto" minW="56" borderWidth="1px" borderColor="border.subtle">
              <Stack gap="0.5" px="3.5" py="2.5" hideFrom="md" borderBottomWidth="1px">
                <styled.span textStyle="sm" fontWeight="semibold">
                  {name}
                </styled.span>
                <styled.span textStyle="xs" color="fg.muted">
                  {email}
                </styled.span>
              </Stack>
              <Menu.Item value="perfil" asChild gap="2.5">
                <AppLink to={APP_PATHS.userProfile}>
                  <UserRoundIcon />
                  Mi perfil
                </AppLink>
              </Menu.Item>
              <NarrowThemeItem />
              <Menu.Separator my="1" borderColor="border.subtle" />
              <Menu.Item
                value="cerrar-sesion"
                onSelect={() => setLogoutOpen(true)}
                gap="2.5"
                color="fg.error"
                css={{ '& svg': { color: 'fg.error' } }}
              >
                <LogOutIcon />
                Cerrar sesión
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </ClientPortal>
      </Menu.Root>
      <LoadWhenOpened open={logoutOpen}>
        <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} onConfirm={onLogout} busy={logoutBusy} />
      </LoadWhenOpened>
    </div>
  )
}

// The user bar renders with every page, on the server too: the classes of what shows while the menu
// is closed are computed once here, not by styled components on each render (decision 050).
const barClass = hstack({ gap: '3' })
const triggerClass = css({ px: '1.5', gap: '2.5', height: 'auto', minH: '10', py: '1', textAlign: 'start' })
const identityClass = stack({ gap: '0', srOnly: { base: true, md: false }, maxW: '48', lineHeight: 'tight' })
const nameClass = css({ textStyle: 'sm', fontWeight: 'semibold', truncate: true })
const emailClass = css({ textStyle: 'xs', color: 'fg.muted', fontWeight: 'normal', truncate: true })
const chevronClass = css({ color: 'fg.subtle', display: { base: 'none', md: 'inline-flex' } })
const avatarClass = css({
  display: 'inline-flex',
  flexShrink: '0',
  alignItems: 'center',
  justifyContent: 'center',
  boxSize: '8',
  borderRadius: 'full',
  bg: 'colorPalette.a3',
  color: 'colorPalette.text',
  textStyle: 'xs',
  fontWeight: 'bold',
})

/** Below Panda's `md` breakpoint (48rem) the header hides its theme toggle. */
const NARROW_QUERY = '(max-width: 47.99rem)'

/**
 * The header's theme toggle, for phones: there the header has no room for it, so it is in this menu.
 * The menu's content mounts when it opens (in the browser), so the width is read then.
 */
function NarrowThemeItem() {
  const { resolvedTheme, setPreference } = useTheme()
  if (typeof window === 'undefined' || !window.matchMedia(NARROW_QUERY).matches) return null
  const isDark = resolvedTheme === 'oscuro'
  return (
    <Menu.Item value="tema" gap="2.5" onSelect={() => setPreference(isDark ? 'claro' : 'oscuro')}>
      {isDark ? <SunIcon /> : <MoonIcon />}
      {isDark ? 'Cambiar a modo claro' : 'Cambiar a modo oscuro'}
    </Menu.Item>
  )
}

function UserAvatar({ initials }: { initials: string }) {
  return (
    <span className={avatarClass} aria-hidden>
      {initials || <UserRoundIcon size={16} />}
    </span>
  )
}

/** The spec's pulsing reminder; the pulse stops for users who ask for reduced motion. */
function ChangePasswordReminder() {
  return (
    <Button
      asChild
      size="sm"
      colorPalette="amber"
      animation="attention-pulse 2s infinite"
      _motionReduce={{ animation: 'none' }}
    >
      <AppLink
        to={APP_PATHS.userProfile}
        aria-label={CHANGE_PASSWORD_REMINDER}
        title={CHANGE_PASSWORD_REMINDER}
      >
        <KeyRoundIcon />
        {/* Narrow screens show the key alone; the label above still names the link. */}
        <styled.span display={{ base: 'none', lg: 'inline' }}>{CHANGE_PASSWORD_REMINDER}</styled.span>
      </AppLink>
    </Button>
  )
}
