import type { LucideIcon } from 'lucide-react'
import type { ComponentType, LazyExoticComponent } from 'react'

/**
 * PLACEHOLDER COPY (h13's branch): h12 owns the real file (the configuration shell, issue 19 part A).
 * Same shape as agreed in the shared brief, so the framework sections compile on this branch; the
 * lead takes h12's file at merge.
 */
export interface ConfigSectionProps {
  establishmentId: number
  /** Administrators of the establishment and superadministrators edit; others read. */
  canEdit: boolean
}

export interface ConfigSectionDefinition {
  /** The `seccion` value (Spanish, binding). */
  key: string
  label: string
  icon: LucideIcon
  audience: 'common' | 'superadmin'
  component: LazyExoticComponent<ComponentType<ConfigSectionProps>>
}
