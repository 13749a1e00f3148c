import { Portal } from '@ark-ui/react/portal'
import { XIcon } from 'lucide-react'
import { HStack, Stack } from 'styled-system/jsx'
import type { z } from 'zod'
import { useAppForm } from '~/components/form/app-form'
import type { SelectOption } from '~/components/form/fields'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import type { ActionResult } from '~/lib/action-result'
import {
  FRAMEWORK_BODY_SCHEMAS,
  FRAMEWORK_MESSAGES,
  FRAMEWORK_NOUNS,
  type FrameworkItem,
  type FrameworkKind,
} from '../framework.schema'

interface FieldSpec {
  name: string
  label: string
  maxLength: number
  /** A breed picker instead of a text field. */
  breed?: boolean
}

/** The dialog's fields per kind, named like the kind's one body schema. */
const FIELDS: Record<FrameworkKind, FieldSpec[]> = {
  rodeos: [{ name: 'name', label: 'Nombre del rodeo', maxLength: 50 }],
  bulls: [
    { name: 'alias', label: 'Alias', maxLength: 50 },
    { name: 'breed_id', label: 'Raza', maxLength: 0, breed: true },
    { name: 'registration', label: 'Registro o RFID', maxLength: 40 },
  ],
  inseminators: [
    { name: 'first_name', label: 'Nombre', maxLength: 50 },
    { name: 'last_name', label: 'Apellido', maxLength: 50 },
  ],
  riders: [
    { name: 'key', label: 'Clave', maxLength: 20 },
    { name: 'description', label: 'Descripción', maxLength: 100 },
  ],
  origins: [{ name: 'description', label: 'Origen', maxLength: 80 }],
  owners: [{ name: 'name', label: 'Nombre del propietario', maxLength: 80 }],
}

/** The form's starting values: the item's, or empty ones (text '' and no breed). */
function startValues(kind: FrameworkKind, item: FrameworkItem | undefined): Record<string, unknown> {
  const source = (item ?? {}) as Record<string, unknown>
  return Object.fromEntries(
    FIELDS[kind].map((field) => [field.name, source[field.name] ?? (field.breed ? null : '')]),
  )
}

export interface FrameworkItemDialogProps {
  kind: FrameworkKind
  /** The item edited; none to create one. */
  item?: FrameworkItem
  breeds: readonly SelectOption<number>[]
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Saves the body (already checked by the kind's schema); a refusal shows under the first field. */
  onSave: (body: Record<string, unknown>) => Promise<ActionResult>
}

/** Create or edit one framework item (TanStack Form + the kind's one zod schema, decision 033). */
export function FrameworkItemDialog({
  kind,
  item,
  breeds,
  open,
  onOpenChange,
  onSave,
}: FrameworkItemDialogProps) {
  const noun = FRAMEWORK_NOUNS[kind]
  // Typed loosely: the form holds any kind's values by field name, the schema checks them at run time.
  const schema = FRAMEWORK_BODY_SCHEMAS[kind] as unknown as z.ZodType<unknown, Record<string, unknown>>
  const fields = FIELDS[kind]
  const first = (fields[0] as FieldSpec).name
  const form = useAppForm({
    defaultValues: startValues(kind, item),
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value, formApi }) => {
      const parsed = FRAMEWORK_BODY_SCHEMAS[kind].safeParse(value)
      if (!parsed.success) return
      let result: ActionResult
      try {
        result = await onSave(parsed.data as Record<string, unknown>)
      } catch {
        result = { ok: false, error: FRAMEWORK_MESSAGES.error[item ? 'update' : 'create'](kind) }
      }
      if (result.ok) return
      // A refusal (a duplicate name above all) is about the name: it shows under it (decision 029).
      formApi.setFieldMeta(first, (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onSubmit: { message: result.error } },
      }))
    },
  })
  const title = item ? `Editar ${noun.one}` : `Agregar ${noun.one}`

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="md" minW="0" maxH="90dvh" overflowY="auto">
            <Stack gap="6" p="6">
              <Stack gap="2" pe="8">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>
                  El nombre es único en el establecimiento, sin distinguir mayúsculas ni acentos.
                </Dialog.Description>
              </Stack>
              <form.AppForm>
                <form.Form aria-label={title}>
                  <Stack gap="5">
                    {fields.map((spec) => (
                      <form.AppField
                        key={spec.name}
                        name={spec.name}
                        validators={fieldValidatorsFrom(schema, spec.name)}
                      >
                        {(field) =>
                          spec.breed ? (
                            <field.SelectField label={spec.label} options={breeds} placeholder="Sin raza" />
                          ) : (
                            <field.TextField
                              label={spec.label}
                              maxLength={spec.maxLength}
                              autoComplete="off"
                            />
                          )
                        }
                      </form.AppField>
                    ))}
                    <HStack gap="3" justify="flex-end">
                      <Dialog.CloseTrigger asChild>
                        <Button variant="outline">Cancelar</Button>
                      </Dialog.CloseTrigger>
                      <form.SubmitButton allowUnchanged>{item ? 'Guardar' : 'Agregar'}</form.SubmitButton>
                    </HStack>
                  </Stack>
                </form.Form>
              </form.AppForm>
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
