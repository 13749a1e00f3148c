import {
  ArrowLeftIcon,
  ArrowLeftRightIcon,
  LockIcon,
  type LucideIcon,
  SearchXIcon,
  XIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Box, HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { AppLink } from './app-link'
import { APP_PATHS } from './paths'

export const NOT_FOUND_TITLE = 'Página no encontrada'
export const FORBIDDEN_TITLE = 'Sin acceso'
export const BACK_TO_ESTABLISHMENTS = 'Volver a Establecimientos'

interface ErrorPageProps {
  icon: LucideIcon
  title: string
  children: ReactNode
  /** Where the page offers to go instead. */
  action: ReactNode
}

/** A page the app cannot show: what happened, why, and a way back. It fills the layout's <main>. */
function ErrorPage({ icon: Icon, title, children, action }: ErrorPageProps) {
  return (
    <Stack align="center" textAlign="center" gap="5" maxW="lg" mx="auto" px="4" py={{ base: '10', md: '16' }}>
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
        aria-hidden
      >
        <Icon size={28} strokeWidth={1.75} />
      </styled.span>
      <Stack gap="2">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          {title}
        </styled.h1>
        <Box color="fg.muted">{children}</Box>
      </Stack>
      {action}
    </Stack>
  )
}

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <AppLink to={to}>
        <ArrowLeftIcon />
        {children}
      </AppLink>
    </Button>
  )
}

/** An address the app does not have (HTTP 404). */
export function NotFoundPage({ backTo = APP_PATHS.establishmentPicker }: { backTo?: string }) {
  return (
    <ErrorPage
      icon={SearchXIcon}
      title={NOT_FOUND_TITLE}
      action={<BackLink to={backTo}>{BACK_TO_ESTABLISHMENTS}</BackLink>}
    >
      <p>
        La dirección que abrió no existe en Insights. Puede que el enlace esté incompleto o que la página se
        haya movido.
      </p>
    </ErrorPage>
  )
}

/** An establishment the signed-in user does not belong to (HTTP 403). */
export function ForbiddenPage({ message }: { message: string }) {
  return (
    <ErrorPage
      icon={LockIcon}
      title={FORBIDDEN_TITLE}
      action={<BackLink to={APP_PATHS.establishmentPicker}>{BACK_TO_ESTABLISHMENTS}</BackLink>}
    >
      <p>{message}.</p>
      <p>Si necesita verlo, pida acceso a un administrador de ese establecimiento.</p>
    </ErrorPage>
  )
}

export interface EstablishmentSwitchNoticeProps {
  /** The establishment the link named, now the selected one. */
  establishmentName: string
  /** The one selected before the link was opened. */
  previousName: string
  onDismiss: () => void
}

/**
 * Said when opening a link switched the selected establishment: the rest of the app (the header, the
 * next pages) now works in the link's establishment, which the user did not choose by hand.
 */
export function EstablishmentSwitchNotice({
  establishmentName,
  previousName,
  onDismiss,
}: EstablishmentSwitchNoticeProps) {
  return (
    <HStack
      role="status"
      gap="3"
      alignItems="start"
      px="4"
      py="3"
      mb="4"
      borderWidth="1px"
      borderColor="colorPalette.a7"
      bg="colorPalette.a2"
      borderRadius="l3"
      colorPalette="amber"
    >
      <styled.span color="colorPalette.text" pt="0.5" aria-hidden>
        <ArrowLeftRightIcon size={18} />
      </styled.span>
      <Stack gap="0.5" flex="1" minW="0">
        <styled.p fontWeight="semibold">Cambió al establecimiento {establishmentName}</styled.p>
        <styled.p textStyle="sm" color="fg.muted">
          El enlace que abrió es de {establishmentName}; antes trabajaba en {previousName}. Para volver, use
          el botón del establecimiento.
        </styled.p>
      </Stack>
      <Button
        variant="ghost"
        size="xs"
        px="0"
        aspectRatio="square"
        aria-label="Cerrar aviso"
        onClick={onDismiss}
      >
        <XIcon />
      </Button>
    </HStack>
  )
}
