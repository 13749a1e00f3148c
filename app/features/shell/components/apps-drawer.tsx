import { Portal } from '@ark-ui/react/portal'
import {
  BeefIcon,
  ChartNoAxesCombinedIcon,
  ChevronRightIcon,
  GaugeIcon,
  GraduationCapIcon,
  type LucideIcon,
  XIcon,
} from 'lucide-react'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Drawer from '~/components/ui/drawer'
import { AppLink } from './app-link'
import { AppsButton } from './apps-button'
import { APP_PATHS } from './paths'

export type AppKey = 'insights' | 'rfi' | 'feedlot' | 'capacitacion'

/** The applications the spec lists in the 'Aplicaciones' drawer, in its order. */
export const APPS: { key: AppKey; label: string; to: string; icon: LucideIcon }[] = [
  {
    key: 'insights',
    label: 'APP - Insights',
    to: APP_PATHS.establishmentPicker,
    icon: ChartNoAxesCombinedIcon,
  },
  { key: 'rfi', label: 'Tablero RFI', to: APP_PATHS.dashboardRfi, icon: GaugeIcon },
  { key: 'feedlot', label: 'Feedlot', to: APP_PATHS.dashboardFeedlot, icon: BeefIcon },
  {
    key: 'capacitacion',
    label: 'Capacitación Digital',
    to: APP_PATHS.capacitations,
    icon: GraduationCapIcon,
  },
]

export interface AppsDrawerProps {
  /** The application the user is in, marked in the list. */
  activeApp?: AppKey
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The 'Aplicaciones' drawer and the header button that opens it. */
export function AppsDrawer({ activeApp, open, onOpenChange }: AppsDrawerProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false)
  const isOpen = open ?? uncontrolledOpen
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next)
    onOpenChange?.(next)
  }

  return (
    <Drawer.Root variant="left" open={isOpen} onOpenChange={(details) => setOpen(details.open)}>
      <Drawer.Trigger asChild>
        <AppsButton />
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header pe="14">
              <Drawer.Title>Aplicaciones</Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild position="absolute" top="4" right="4">
              <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar">
                <XIcon />
              </Button>
            </Drawer.CloseTrigger>
            <Drawer.Body px="3" py="4">
              <nav aria-label="Aplicaciones">
                <Stack as="ul" gap="1">
                  {APPS.map((app) => {
                    const isActive = app.key === activeApp
                    return (
                      <li key={app.key}>
                        <AppLink
                          to={app.to}
                          className={appLinkClass}
                          aria-current={isActive ? 'page' : undefined}
                          // Client-side navigation keeps the chrome mounted: the drawer must close itself.
                          onClick={() => setOpen(false)}
                        >
                          <styled.span className="app-icon" aria-hidden>
                            <app.icon size={20} />
                          </styled.span>
                          <styled.span flex="1">{app.label}</styled.span>
                          <ChevronRightIcon size={16} className="app-chevron" aria-hidden />
                        </AppLink>
                      </li>
                    )
                  })}
                </Stack>
              </nav>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}

const appLinkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  borderRadius: 'l2',
  color: 'fg.default',
  textStyle: 'sm',
  fontWeight: 'medium',
  transitionProperty: 'background, color',
  transitionDuration: 'normal',
  '& .app-icon': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '10',
    flexShrink: '0',
    borderRadius: 'l2',
    bg: 'gray.a3',
    color: 'fg.muted',
  },
  '& .app-chevron': { color: 'fg.subtle' },
  _hover: { bg: 'gray.a2' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
  '&[aria-current=page]': {
    bg: 'colorPalette.a3',
    color: 'colorPalette.text',
    '& .app-icon': { bg: 'colorPalette.default', color: 'colorPalette.fg' },
    '& .app-chevron': { color: 'colorPalette.text' },
  },
})
