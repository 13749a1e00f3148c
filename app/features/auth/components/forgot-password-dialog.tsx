import { Portal } from '@ark-ui/react/portal'
import { MailCheckIcon, XIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { AUTH_MESSAGES, type ResetRequestValues, resetRequestSchema } from '../auth.schema'

export interface ForgotPasswordDialogProps {
  /**
   * Asks for the reset e-mail. When the returned promise resolves the dialog shows 'Se ha enviado un
   * correo para restablecer su contraseña.'; when it rejects nothing is shown (spec section 8: a
   * failure is silent) and the user may try again.
   */
  onSubmit?: (values: ResetRequestValues) => void | Promise<void>
  /** Pre-fills the e-mail, e.g. with what was typed as the username. */
  defaultEmail?: string
  /** Replaces the default '¿Olvidó su contraseña?' trigger. */
  trigger?: ReactNode
  open?: boolean
  onOpenChange?: (open: boolean) => void
}

/** The forgot-password dialog 'Restablecer Contraseña' and its trigger. */
export function ForgotPasswordDialog({
  onSubmit,
  defaultEmail = '',
  trigger,
  open,
  onOpenChange,
}: ForgotPasswordDialogProps) {
  const [sent, setSent] = useState(false)
  const form = useAppForm({
    defaultValues: { email: defaultEmail } satisfies ResetRequestValues,
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      try {
        await onSubmit?.({ email: value.email.trim() })
        setSent(true)
      } catch {
        // Silent on purpose (spec section 8); the caller logs the failure.
      }
    },
  })

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange?.(details.open)}
      // The next opening starts with an empty form rather than the previous confirmation.
      onExitComplete={() => {
        setSent(false)
        form.reset()
      }}
    >
      <Dialog.Trigger asChild>
        {trigger ?? (
          <Button variant="link" size="sm" color="colorPalette.text">
            ¿Olvidó su contraseña?
          </Button>
        )}
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md" minW="0">
            <Stack gap="6" p="6">
              <Stack gap="2" pe="8">
                <Dialog.Title>Restablecer Contraseña</Dialog.Title>
                {!sent && (
                  <Dialog.Description>
                    Ingrese su correo electrónico y le enviaremos un enlace para elegir una nueva contraseña.
                  </Dialog.Description>
                )}
              </Stack>
              {sent ? (
                <Stack gap="6">
                  <HStack
                    role="status"
                    gap="3"
                    p="4"
                    borderRadius="l2"
                    bg="colorPalette.a2"
                    borderWidth="1px"
                    borderColor="colorPalette.a5"
                    alignItems="flex-start"
                  >
                    <styled.span color="colorPalette.text" display="inline-flex" mt="0.5" aria-hidden>
                      <MailCheckIcon size={20} />
                    </styled.span>
                    <styled.p textStyle="sm" fontWeight="medium">
                      {AUTH_MESSAGES.resetRequested}
                    </styled.p>
                  </HStack>
                  <HStack justify="flex-end">
                    <Dialog.CloseTrigger asChild>
                      <Button>Cerrar</Button>
                    </Dialog.CloseTrigger>
                  </HStack>
                </Stack>
              ) : (
                <form.AppForm>
                  <form.Form>
                    <Stack gap="6">
                      <form.AppField
                        name="email"
                        validators={fieldValidatorsFrom(resetRequestSchema, 'email')}
                      >
                        {(field) => (
                          <field.TextField
                            label="Correo electrónico"
                            type="email"
                            autoComplete="email"
                            inputMode="email"
                          />
                        )}
                      </form.AppField>
                      <HStack gap="3" justify="flex-end">
                        <Dialog.CloseTrigger asChild>
                          <Button variant="outline">Cancelar</Button>
                        </Dialog.CloseTrigger>
                        <form.SubmitButton allowUnchanged>Enviar</form.SubmitButton>
                      </HStack>
                    </Stack>
                  </form.Form>
                </form.AppForm>
              )}
            </Stack>
            <Dialog.CloseTrigger asChild position="absolute" top="4" right="4">
              <Button variant="ghost" size="sm" px="0" aspectRatio="square" aria-label="Cerrar">
                <XIcon />
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
