import {
  Building2Icon,
  FenceIcon,
  type LucideIcon,
  ShieldCheckIcon,
  UserRoundCogIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Badge } from '~/components/ui/badge'
import { AppLink } from './app-link'
import { APP_PATHS } from './paths'

export type ConfigSectionKey = 'perfil' | 'establecimiento' | 'rodeo' | 'usuarios' | 'establecimientos'

export interface ConfigSection {
  key: ConfigSectionKey
  label: string
  to: string
  search?: Record<string, string>
  icon: LucideIcon
  /** 'common' buttons are for everyone; 'superadmin' ones only for superadmins (spec section 6). */
  audience: 'common' | 'superadmin'
}

/**
 * The sidebar's buttons. The superadmin sections are pages of the establishment configuration,
 * told apart by the `seccion` query parameter.
 */
export const CONFIG_SECTIONS: ConfigSection[] = [
  {
    key: 'perfil',
    label: 'Perfil de usuario',
    to: APP_PATHS.userProfile,
    icon: UserRoundIcon,
    audience: 'common',
  },
  {
    key: 'establecimiento',
    label: 'Configuración del establecimiento',
    to: APP_PATHS.establishmentConfiguration,
    icon: Building2Icon,
    audience: 'common',
  },
  { key: 'rodeo', label: 'Crear rodeo', to: APP_PATHS.rodeoCreation, icon: FenceIcon, audience: 'common' },
  {
    key: 'usuarios',
    label: 'Usuarios',
    to: APP_PATHS.establishmentConfiguration,
    search: { seccion: 'usuarios' },
    icon: UsersIcon,
    audience: 'superadmin',
  },
  {
    key: 'establecimientos',
    label: 'Establecimientos',
    to: APP_PATHS.establishmentConfiguration,
    search: { seccion: 'establecimientos' },
    icon: ShieldCheckIcon,
    audience: 'superadmin',
  },
]

export interface ConfigSidebarProps {
  /** Shown as 'Administrador' or 'Usuario'. */
  isAdmin: boolean
  /** Superadmins also get the superadmin-only buttons. */
  isSuperAdmin: boolean
  /** The section on screen, marked in the list. */
  activeSection?: ConfigSectionKey
}

/** The configuration sidebar 'Panel de Configuraciones' (spec, screens). */
export function ConfigSidebar({ isAdmin, isSuperAdmin, activeSection }: ConfigSidebarProps) {
  const titleId = useId()
  const superadminLabelId = useId()
  const common = CONFIG_SECTIONS.filter((section) => section.audience === 'common')
  const superadmin = CONFIG_SECTIONS.filter((section) => section.audience === 'superadmin')
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
        <SectionList sections={common} activeSection={activeSection} />
        {isSuperAdmin && (
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
            <SectionList sections={superadmin} activeSection={activeSection} labelledBy={superadminLabelId} />
          </Stack>
        )}
      </styled.nav>
    </styled.aside>
  )
}

interface SectionListProps {
  sections: ConfigSection[]
  activeSection?: ConfigSectionKey
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
