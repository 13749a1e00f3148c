import { Beef, History, MapPinned, Route as RouteIcon, Syringe, Tractor, UserRound } from 'lucide-react'
import { lazy } from 'react'
import type { ConfigSectionDefinition } from '~/features/configuration/sections'

/**
 * h13's sections of Configuración (issue 19 part B, decision 033), for h12's shell to render under
 * `?seccion=<key>`. Each section's code is loaded only when it is opened: the shell stays light.
 */
const framework = () => import('./components/framework-section')

export const FRAMEWORK_SECTIONS: ConfigSectionDefinition[] = [
  {
    key: 'rodeos',
    label: 'Rodeos',
    icon: Tractor,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.RodeosSection }))),
  },
  {
    key: 'toros',
    label: 'Toros',
    icon: Beef,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.BullsSection }))),
  },
  {
    key: 'inseminadores',
    label: 'Inseminadores',
    icon: Syringe,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.InseminatorsSection }))),
  },
  {
    key: 'recorredores',
    label: 'Recorredores',
    icon: RouteIcon,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.RidersSection }))),
  },
  {
    key: 'origenes',
    label: 'Orígenes',
    icon: MapPinned,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.OriginsSection }))),
  },
  {
    key: 'propietarios',
    label: 'Propietarios',
    icon: UserRound,
    audience: 'common',
    component: lazy(() => framework().then((m) => ({ default: m.OwnersSection }))),
  },
  {
    key: 'auditoria',
    label: 'Auditoría',
    icon: History,
    audience: 'common',
    component: lazy(() =>
      import('~/features/audit/components/audit-log').then((m) => ({ default: m.AuditLogSection })),
    ),
  },
]
