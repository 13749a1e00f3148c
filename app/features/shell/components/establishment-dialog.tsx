import { Portal } from '@ark-ui/react/portal'
import {
  ArrowLeftRightIcon,
  Building2Icon,
  ChevronRightIcon,
  MonitorIcon,
  MoonIcon,
  SettingsIcon,
  SunIcon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import * as RadioButtonGroup from '~/components/ui/radio-button-group'
import { Switch } from '~/components/ui/switch'
import { type ThemePreference, useTheme } from '~/components/ui/theme'
import { AppLink } from './app-link'
import { EstablishmentButton } from './establishment-button'
import { APP_PATHS, establishmentSearch } from './paths'

const THEME_OPTIONS: { value: ThemePreference; label: string; icon: ReactNode }[] = [
  { value: 'claro', label: 'Claro', icon: <SunIcon /> },
  { value: 'oscuro', label: 'Oscuro', icon: <MoonIcon /> },
  { value: 'sistema', label: 'Sistema', icon: <MonitorIcon /> },
]

export interface EstablishmentDialogProps {
  /** The current establishment, shown on the trigger and as the dialog's title. */
  establishmentName: string
  /** Its id: the link to its configuration names it (`?establecimiento=`), so a copied link opens it. */
  establishmentId?: number
  /** The 'Mantener sesión iniciada' switch; what it does is the caller's decision. */
  keepSession: boolean
  onKeepSessionChange: (keepSession: boolean) => void
  /**
   * Runs once the user confirms leaving this establishment (usually: go to the picker). 'Continuar'
   * shows a spinner while the returned promise is pending.
   */
  onChangeEstablishment: () => void | Promise<void>
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The establishment dialog (spec, screens), opened from the header button that shows its name. */
export function EstablishmentDialog({
  establishmentName,
  establishmentId,
  keepSession,
  onKeepSessionChange,
  onChangeEstablishment,
  open,
  onOpenChange,
}: EstablishmentDialogProps) {
  const [confirming, setConfirming] = useState(false)
  const [changing, setChanging] = useState(false)

  async function changeEstablishment() {
    setChanging(true)
    try {
      await onChangeEstablishment()
    } finally {
      setChanging(false)
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (changing) return
        onOpenChange?.(details.open)
      }}
      // The next opening starts on the settings, not on a confirmation left half-answered.
      onExitComplete={() => setConfirming(false)}
      closeOnInteractOutside={!changing}
      closeOnEscape={!changing}
      role={confirming ? 'alertdialog' : 'dialog'}
    >
      <Dialog.Trigger asChild>
        <EstablishmentButton establishmentName={establishmentName} />
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md" minW="0">
            {confirming ? (
              <ChangeConfirmation
                busy={changing}
                onCancel={() => setConfirming(false)}
                onConfirm={changeEstablishment}
              />
            ) : (
              <Settings
                establishmentName={establishmentName}
                establishmentId={establishmentId}
                keepSession={keepSession}
                onKeepSessionChange={onKeepSessionChange}
                onChangeRequested={() => setConfirming(true)}
              />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

interface SettingsProps {
  establishmentName: string
  establishmentId?: number
  keepSession: boolean
  onKeepSessionChange: (keepSession: boolean) => void
  onChangeRequested: () => void
}

function Settings({
  establishmentName,
  establishmentId,
  keepSession,
  onKeepSessionChange,
  onChangeRequested,
}: SettingsProps) {
  const { preference, setPreference } = useTheme()
  return (
    <>
      <HStack gap="3.5" p="6" pe="14" borderBottomWidth="1px" borderColor="border.subtle">
        <styled.span
          display="inline-flex"
          flexShrink="0"
          alignItems="center"
          justifyContent="center"
          boxSize="11"
          borderRadius="l3"
          bg="colorPalette.a3"
          color="colorPalette.text"
          aria-hidden
        >
          <Building2Icon size={22} />
        </styled.span>
        <Stack gap="0.5" minW="0">
          <Dialog.Description
            textStyle="xs"
            fontWeight="medium"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            Establecimiento actual
          </Dialog.Description>
          <Dialog.Title lineClamp="2">{establishmentName}</Dialog.Title>
        </Stack>
      </HStack>
      <Dialog.CloseTrigger asChild position="absolute" top="4" right="4">
        <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar">
          <XIcon />
        </Button>
      </Dialog.CloseTrigger>

      <Stack gap="6" p="6">
        <AppLink
          to={APP_PATHS.establishmentConfiguration}
          search={establishmentId === undefined ? undefined : establishmentSearch(establishmentId)}
          className={settingsLinkClass}
        >
          <SettingsIcon size={18} aria-hidden />
          <styled.span flex="1">Configuración del establecimiento</styled.span>
          <ChevronRightIcon size={18} aria-hidden />
        </AppLink>

        <RadioButtonGroup.Root
          size="sm"
          variant="outline"
          value={preference}
          onValueChange={(details) => details.value && setPreference(details.value as ThemePreference)}
          display="grid"
          gridTemplateColumns="repeat(3, 1fr)"
          gap="2"
        >
          <RadioButtonGroup.Label gridColumn="1 / -1" textStyle="sm" fontWeight="medium">
            Tema
          </RadioButtonGroup.Label>
          {THEME_OPTIONS.map((option) => (
            <RadioButtonGroup.Item key={option.value} value={option.value}>
              <RadioButtonGroup.ItemText>
                {option.icon}
                {option.label}
              </RadioButtonGroup.ItemText>
              <RadioButtonGroup.ItemHiddenInput />
            </RadioButtonGroup.Item>
          ))}
        </RadioButtonGroup.Root>

        <Switch
          checked={keepSession}
          onCheckedChange={(details) => onKeepSessionChange(details.checked)}
          justifyContent="space-between"
          flexDirection="row-reverse"
          size="md"
          css={{ '& [data-part=label]': { textStyle: 'sm' } }}
        >
          Mantener sesión iniciada
        </Switch>
      </Stack>

      <HStack p="6" pt="0">
        <Button variant="outline" width="full" onClick={onChangeRequested}>
          <ArrowLeftRightIcon />
          Cambiar establecimiento
        </Button>
      </HStack>
    </>
  )
}

const settingsLinkClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  color: 'fg.default',
  textStyle: 'sm',
  fontWeight: 'medium',
  transitionProperty: 'background',
  transitionDuration: 'normal',
  '& svg': { color: 'fg.muted', flexShrink: '0' },
  _hover: { bg: 'gray.a2' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '2px' },
})

interface ChangeConfirmationProps {
  busy: boolean
  onCancel: () => void
  onConfirm: () => void
}

function ChangeConfirmation({ busy, onCancel, onConfirm }: ChangeConfirmationProps) {
  return (
    <Stack gap="6" p="6">
      <HStack gap="4" alignItems="flex-start">
        <styled.span
          display="inline-flex"
          flexShrink="0"
          alignItems="center"
          justifyContent="center"
          boxSize="10"
          borderRadius="full"
          bg="amber.a3"
          color="amber.text"
          aria-hidden
        >
          <TriangleAlertIcon size={18} />
        </styled.span>
        <Stack gap="2">
          <Dialog.Title>¿Cambiar de establecimiento?</Dialog.Title>
          <Dialog.Description>Los cambios no guardados se perderán.</Dialog.Description>
        </Stack>
      </HStack>
      <HStack gap="3" justify="flex-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Continuar
        </Button>
      </HStack>
    </Stack>
  )
}
