import { Suspense } from 'react'
import { styled } from 'styled-system/jsx'
import { Loading } from '~/components/ui/loading'
import { AppLink } from '~/features/shell/components/app-link'
import { ConfigLayout } from '~/features/shell/components/config-layout'
import { APP_PATHS } from '~/features/shell/components/paths'
import { useConfigSidebar } from '~/features/shell/use-config-sidebar'
import { canSeeSection, findSection } from '../config-sections'

export interface ConfigurationScreenProps {
  /** The establishment chosen (or named by the address); null before any is chosen. */
  establishmentId: number | null
  /** The `?seccion=` of the address (already validated); none is the default section. */
  section?: string
}

/**
 * `/management/establishment/configuration`: the sidebar and the section the address names. The
 * section's body is loaded when it is opened. What it offers follows the person's role here; the
 * API decides what is allowed whatever the screen shows (decision 032).
 */
export function ConfigurationScreen({ establishmentId, section: key }: ConfigurationScreenProps) {
  const section = findSection(key)
  const sidebar = useConfigSidebar(section.key)
  const Body = section.component
  let body: React.ReactNode
  if (!canSeeSection(section, sidebar))
    body = (
      <Note>
        {section.audience === 'superadmin'
          ? 'Esta sección es solo para superadministradores.'
          : 'Esta sección es solo para administradores del establecimiento.'}
      </Note>
    )
  else if (establishmentId === null && !section.global)
    body = (
      <Note>
        Elija un establecimiento para ver esta sección.{' '}
        <AppLink to={APP_PATHS.establishmentPicker}>Ir a los establecimientos</AppLink>
      </Note>
    )
  else
    body = (
      <Suspense fallback={<Loading />}>
        {/* A global section is about every establishment: it ignores the id (0 before one is chosen). */}
        <Body establishmentId={establishmentId ?? 0} canEdit={sidebar.isAdmin || sidebar.isSuperAdmin} />
      </Suspense>
    )
  return <ConfigLayout {...sidebar}>{body}</ConfigLayout>
}

const Note = styled('p', { base: { color: 'fg.muted', px: '8', py: '8' } })
