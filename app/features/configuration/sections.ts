import type { LucideIcon } from 'lucide-react'
import type { ComponentType, LazyExoticComponent } from 'react'

/**
 * The contract between the configuration screen (`/management/establishment/configuration`) and the
 * features that add sections to it (decision 032). A section is one value of `?seccion=`; the screen
 * renders the sidebar button and, when the section is open, its component, loaded lazily so a
 * section's code (tables, dialogs) never weighs on the other pages.
 */
export interface ConfigSectionProps {
  /** The establishment the screen works in (the one chosen, or named by the address). */
  establishmentId: number
  /**
   * Whether the caller may change what the section shows: an administrador of the establishment or
   * a superadministrador. Only the screen's convenience: the API refuses whatever the UI offers.
   */
  canEdit: boolean
}

export interface ConfigSectionDefinition {
  /** The `seccion` value (Spanish, lower case, binding: COMMON.md lists the keys). */
  key: string
  /** The sidebar button's text. */
  label: string
  icon: LucideIcon
  /**
   * Who sees the button: 'common' every member (usuarios read-only), 'admin' administradores and
   * superadministradores, 'superadmin' superadministradores only (spec section 6).
   */
  audience: 'common' | 'admin' | 'superadmin'
  /**
   * About every establishment rather than the chosen one (the superadministradores' list): it opens
   * before any establishment exists or is chosen. Leave it out for an establishment's section.
   */
  global?: boolean
  /** The section's body, e.g. `lazy(() => import('./components/bulls-section'))`. */
  component: LazyExoticComponent<ComponentType<ConfigSectionProps>>
}
