import { FenceIcon, type LucideIcon, UserRoundCogIcon, UserRoundIcon } from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import { CONFIG_SECTIONS, canSeeSection, DEFAULT_SECTION } from '~/features/configuration/config-sections'
import type { ConfigSectionDefinition } from '~/features/configuration/sections'
import { AppLink } from './app-link'
import { APP_PATHS, establishmentSearch } from './paths'

/** A sidebar button: a configuration section ('seccion'), or one of the pages of their own. */
export interface ConfigSection {
  key: string
  label: string
  to: string
  search?: Record<string, string | number>
  icon: LucideIcon
  /** 'common' for everyone, 'admin' for administradores, 'superadmin' only for superadmins (spec section 6). */
  audience: ConfigSectionDefinition['audience']
}

/**
 * The sidebar's buttons: the user profile, every section of the configuration screen (each names
 * itself in `?seccion=`, so exactly one button matches the address), and the 'Crear rodeo' page.
 */
export const CONFIG_SIDEBAR: readonly ConfigSection[] = [
  {
    key: 'perfil',
    label: 'Perfil de usuario',
    to: APP_PATHS.userProfile,
    icon: UserRoundIcon,
    audience: 'common',
  },
  ...CONFIG_SECTIONS.flatMap((section): ConfigSection[] => {
    const entry: ConfigSection = {
      key: section.key,
      label: section.label,
      to: APP_PATHS.establishmentConfiguration,
      search: { seccion: section.key },
      icon: section.icon,
      audience: section.audience,
    }
    // 'Crear rodeo' (spec section 2) follows the establishment's people.
    return section.key === 'usuarios'
      ? [
          entry,
          {
            key: 'rodeo',
            label: 'Crear rodeo',
            to: APP_PATHS.rodeoCreation,
            icon: FenceIcon,
            audience: 'common',
          },
        ]
      : [entry]
  }),
]

export interface ConfigSidebarProps {
  /** Shown as 'Administrador' or 'Usuario'. */
  isAdmin: boolean
  /** Superadmins also get the superadmin-only buttons. */
  isSuperAdmin: boolean
  /**
   * The button of the page on screen, the only one marked (`aria-current`); a configuration
   * section's key, 'perfil' or 'rodeo'. The configuration screen without `?seccion=` is its default.
   */
  activeSection?: string
  /**
   * The establishment the pages are about: its sections' links name it (`?establecimiento=`), so a
   * copied link opens the same establishment's page (decision 017). The profile does not.
   */
  establishmentId?: number
}

/** The configuration sidebar 'Panel de Configuraciones' (spec, screens). */
export function ConfigSidebar({ isAdmin, isSuperAdmin, activeSection, establishmentId }: ConfigSidebarProps) {
  const titleId = useId()
  const superadminLabelId = useId()
  const roles = { isAdmin, isSuperAdmin }
  const visible = CONFIG_SIDEBAR.filter((section) => canSeeSection(section, roles)).map((section) =>
    establishmentId === undefined || section.to === APP_PATHS.userProfile
      ? section
      : { ...section, search: { ...section.search, ...establishmentSearch(establishmentId) } },
  )
  const common = visible.filter((section) => section.audience !== 'superadmin')
  const superadmin = visible.filter((section) => section.audience === 'superadmin')
  const active = activeSection ?? DEFAULT_SECTION
  return (
    <styled.aside
      aria-labelledby={titleId}
      bg="bg.default"
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="l3"
      boxShadow="xs"
      width="full"
      maxW={{ md: '72' }}
      flexShrink="0"
      alignSelf="flex-start"
    >
      <Stack gap="3" p="5" borderBottomWidth="1px" borderColor="border.subtle">
        <HStack gap="2.5">
          <styled.span
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="8"
            borderRadius="l2"
            bg="colorPalette.a3"
            color="colorPalette.text"
            aria-hidden
          >
            <UserRoundCogIcon size={18} />
          </styled.span>
          <styled.h2 id={titleId} textStyle="md" fontWeight="semibold">
            Panel de Configuraciones
          </styled.h2>
        </HStack>
        <div>
          <Badge size="sm" variant={isAdmin ? 'solid' : 'subtle'}>
            {isAdmin ? 'Administrador' : 'Usuario'}
          </Badge>
        </div>
      </Stack>
      <styled.nav aria-label="Configuraciones" p="2">
        <SectionList sections={common} activeSection={active} />
        {superadmin.length > 0 && (
          <Stack gap="1" mt="2" pt="3" borderTopWidth="1px" borderColor="border.subtle">
            <styled.p
              px="3"
              pb="1"
              textStyle="xs"
              fontWeight="semibold"
              color="fg.subtle"
              id={superadminLabelId}
            >
              Superadministrador
            </styled.p>
            <SectionList sections={superadmin} activeSection={active} labelledBy={superadminLabelId} />
          </Stack>
        )}
      </styled.nav>
    </styled.aside>
  )
}

interface SectionListProps {
  sections: ConfigSection[]
  activeSection: string
  labelledBy?: string
}

function SectionList({ sections, activeSection, labelledBy }: SectionListProps) {
  return (
    <Stack as="ul" gap="0.5" aria-labelledby={labelledBy}>
      {sections.map((section) => (
        <li key={section.key}>
          <AppLink
            to={section.to}
            search={section.search}
            className={sectionLinkClass}
            aria-current={section.key === activeSection ? 'page' : undefined}
          >
            <section.icon size={18} aria-hidden />
            {section.label}
          </AppLink>
        </li>
      ))}
    </Stack>
  )
}

const sectionLinkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'l2',
  color: 'fg.muted',
  textStyle: 'sm',
  fontWeight: 'medium',
  transitionProperty: 'background, color',
  transitionDuration: 'normal',
  '& svg': { flexShrink: '0' },
  _hover: { bg: 'gray.a2', color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '-2px' },
  '&[aria-current=page]': { bg: 'colorPalette.a3', color: 'colorPalette.text', fontWeight: 'semibold' },
})
