import {
  BeefIcon,
  ChartColumnBigIcon,
  ClipboardListIcon,
  GaugeIcon,
  GraduationCapIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MapIcon,
  PawPrintIcon,
  SettingsIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Box, Stack, styled } from 'styled-system/jsx'
import { PAGE_TITLES } from './page-titles'

export interface PlaceholderPageProps {
  /** The page's heading, e.g. 'Resumen'. */
  title: string
  /** What the page is for, under the heading. */
  description: string
  icon?: LucideIcon
  /** Replaces the empty-state text, e.g. with a list of boards once the app has them. */
  children?: ReactNode
}

/**
 * A page the spec names but whose contents it does not show (Resumen, Tablero, the dashboards,
 * Capacitación Digital): a heading, what the page is for, and an empty state saying the content is
 * not there yet. It fills the app's <main>, which the layout owns.
 */
export function PlaceholderPage({
  title,
  description,
  icon: Icon = LayoutDashboardIcon,
  children,
}: PlaceholderPageProps) {
  return (
    <Stack
      gap="6"
      px={{ base: '4', md: '8' }}
      py={{ base: '6', md: '8' }}
      maxW="breakpoint-xl"
      mx="auto"
      w="full"
    >
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {title}
        </styled.h1>
        <styled.p color="fg.muted" textStyle="md">
          {description}
        </styled.p>
      </Stack>
      <Stack
        align="center"
        justify="center"
        gap="4"
        textAlign="center"
        minH="80"
        px="6"
        py="12"
        borderWidth="1px"
        borderStyle="dashed"
        borderColor="border.default"
        borderRadius="l3"
        bg="bg.subtle"
      >
        <Box position="relative" aria-hidden>
          <styled.span
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="16"
            borderRadius="full"
            bg="colorPalette.a3"
            color="colorPalette.text"
            outline="8px solid"
            outlineColor="colorPalette.a2"
          >
            <Icon size={28} strokeWidth={1.75} />
          </styled.span>
        </Box>
        {children ?? (
          <Stack gap="1.5" maxW="md" align="center">
            <styled.p textStyle="lg" fontWeight="semibold">
              Todavía no hay contenido para mostrar
            </styled.p>
            <styled.p color="fg.muted" textStyle="sm">
              Esta sección estará disponible próximamente.
            </styled.p>
          </Stack>
        )}
      </Stack>
    </Stack>
  )
}

/** Titles and descriptions of the pages the spec leaves without contents. */
export const PLACEHOLDER_PAGES = {
  summary: {
    title: PAGE_TITLES.summary,
    description: 'Resumen general del establecimiento.',
    icon: ChartColumnBigIcon,
  },
  dash: {
    title: PAGE_TITLES.dash,
    description: 'Tableros de control del establecimiento.',
    icon: LayoutDashboardIcon,
  },
  dashboardRfi: {
    title: PAGE_TITLES.dashboardRfi,
    description: 'Tableros RFI del establecimiento.',
    icon: GaugeIcon,
  },
  dashboardFeedlot: {
    title: PAGE_TITLES.dashboardFeedlot,
    description: 'Tableros de feedlot del establecimiento.',
    icon: BeefIcon,
  },
  animals: {
    title: PAGE_TITLES.animals,
    description: 'Rodeo de cría del establecimiento: animales, categorías, rodeos y últimos eventos.',
    icon: PawPrintIcon,
  },
  cattlehandling: {
    title: PAGE_TITLES.cattlehandling,
    description: 'Sesiones de trabajo: inseminaciones, diagnósticos de gestación, preservicios y pesadas.',
    icon: ClipboardListIcon,
  },
  pregnancyCheck: {
    title: PAGE_TITLES.pregnancyCheck,
    description: 'Diagnósticos de gestación registrados en las sesiones de manga.',
    icon: ClipboardListIcon,
  },
  rerunner: {
    title: PAGE_TITLES.rerunner,
    description: 'Nacimientos y novedades registradas por los recorredores del campo.',
    icon: MapIcon,
  },
  animal: {
    title: PAGE_TITLES.animal,
    description: 'Ficha del animal: identidad, categoría, rodeo y todo lo que le ocurrió.',
    icon: PawPrintIcon,
  },
  configuration: {
    title: PAGE_TITLES.configuration,
    description: 'Datos y tablas de referencia del establecimiento.',
    icon: SettingsIcon,
  },
  capacitations: {
    title: PAGE_TITLES.capacitations,
    description: 'Cursos y material de capacitación para el personal del establecimiento.',
    icon: GraduationCapIcon,
  },
} satisfies Record<string, Omit<PlaceholderPageProps, 'children'>>
