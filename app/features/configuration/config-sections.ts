import { Building2Icon, ShieldCheckIcon, UsersIcon } from 'lucide-react'
import { lazy } from 'react'
import { FRAMEWORK_SECTIONS } from '~/features/framework/sections'
import type { ConfigSectionDefinition } from './sections'

/**
 * Every section of the configuration screen, in the sidebar's order: the establishment and its
 * people, the establishment framework's tables (part B), and the superadministradores' list of
 * establishments. Each body is a lazy import: opening one section loads only its own code.
 */
const ESTABLISHMENT: ConfigSectionDefinition = {
  key: 'establecimiento',
  label: 'Configuración del establecimiento',
  icon: Building2Icon,
  audience: 'common',
  component: lazy(() => import('~/features/establishments/components/establishment-section')),
}
const PEOPLE: ConfigSectionDefinition = {
  key: 'usuarios',
  label: 'Usuarios',
  icon: UsersIcon,
  audience: 'common',
  component: lazy(() => import('~/features/people/components/people-section')),
}
const ESTABLISHMENTS: ConfigSectionDefinition = {
  key: 'establecimientos',
  label: 'Establecimientos',
  icon: ShieldCheckIcon,
  audience: 'superadmin',
  global: true,
  component: lazy(() => import('~/features/establishments/components/establishments-section')),
}

export const CONFIG_SECTIONS: readonly ConfigSectionDefinition[] = [
  ESTABLISHMENT,
  PEOPLE,
  ...FRAMEWORK_SECTIONS,
  ESTABLISHMENTS,
]

/** The section shown when the address names none (or one that does not exist). */
export const DEFAULT_SECTION = ESTABLISHMENT.key

export function findSection(key: string | undefined) {
  return CONFIG_SECTIONS.find((section) => section.key === key) ?? ESTABLISHMENT
}

/** Whether a person with these roles sees a section's button (and may open it). */
export function canSeeSection(
  section: Pick<ConfigSectionDefinition, 'audience'>,
  roles: { isAdmin: boolean; isSuperAdmin: boolean },
) {
  if (section.audience === 'superadmin') return roles.isSuperAdmin
  if (section.audience === 'admin') return roles.isAdmin || roles.isSuperAdmin
  return true
}
