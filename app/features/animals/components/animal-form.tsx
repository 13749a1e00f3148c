import { type ReactNode, useState } from 'react'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import type { z } from 'zod'
import { useAppForm } from '~/components/form/app-form'
import type { SelectOption } from '~/components/form/fields'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Popover from '~/components/ui/popover'
import { toast } from '~/components/ui/toaster'
import type {
  EstablishmentFramework,
  GeneralFramework,
} from '~/features/establishments/establishments.functions'
import { isElectronicTag, normalizeElectronicTag } from '~/lib/electronic-tag'
import { formatDate, formatNumber } from '~/lib/format'
import { farmToday, MIN_RECORD_DATE } from '~/lib/record-rules'
import type { AnimalWriteResult } from '../animal-record.functions'
import {
  ANIMAL_FIELD_LABELS,
  ANIMAL_MESSAGES,
  type AnimalDetail,
  type AnimalEditValues,
  type AnimalField,
  animalCreateSchema,
  animalEditSchema,
  EMPTY_ANIMAL_VALUES,
  editValuesOf,
  type PickerAnimal,
} from '../animal-record.schema'
import { AnimalPickerDialog, type PickerSource } from './animal-picker-dialog'

/** The dropdowns of the animal forms, from the general and establishment frameworks. */
export interface AnimalFormLookups {
  categories: SelectOption<number>[]
  breeds: SelectOption<number>[]
  colors: SelectOption<number>[]
  sexes: SelectOption<number>[]
  birthTypes: SelectOption<number>[]
  checkInTypes: SelectOption<number>[]
  rodeos: SelectOption<number>[]
  bulls: SelectOption<number>[]
}

const options = (rows: { id: number; description: string }[] | undefined) =>
  (rows ?? []).map((row) => ({ value: row.id, label: row.description }))

/** Lookups not loaded yet give empty lists: the selects read 'no disponible' (spec section 3). */
export function animalFormLookups(
  framework: { general: GeneralFramework; establishment: EstablishmentFramework } | undefined,
): AnimalFormLookups {
  return {
    categories: options(framework?.general.animal_types),
    breeds: options(framework?.general.breeds),
    colors: options(framework?.general.colors),
    sexes: options(framework?.general.sex),
    birthTypes: options(framework?.general.birth_types),
    checkInTypes: options(framework?.general.check_in_types),
    rodeos: options(framework?.establishment.rodeo),
    bulls: (framework?.establishment.bulls ?? []).map((bull) => ({ value: bull.bull_id, label: bull.alias })),
  }
}

export interface ChangeLine {
  field: AnimalField
  label: string
  before: string
  after: string
}

/**
 * What an edit changes, as the review popover lists it ('Rodeo: General → Recría'). Values are
 * compared as a person reads them, so a birth date kept with its stored time is no change.
 */
export function describeChanges(
  before: AnimalEditValues,
  after: AnimalEditValues,
  lookups: AnimalFormLookups,
  motherTags: { before: string | null; after: string | null },
): ChangeLine[] {
  const optionLabel = (list: SelectOption<number>[], id: number | null) =>
    id === null ? '' : (list.find((option) => option.value === id)?.label ?? String(id))
  const shown: Record<AnimalField, (values: AnimalEditValues, side: 'before' | 'after') => string> = {
    establishment_id: () => '',
    version: () => '',
    visual_tag: (v) => v.visual_tag.trim(),
    electronic_tag: (v) => v.electronic_tag.trim(),
    cuig: (v) => v.cuig.trim(),
    senasa: (v) => v.senasa.trim(),
    rodeo_id: (v) => optionLabel(lookups.rodeos, v.rodeo_id),
    animal_type_id: (v) => optionLabel(lookups.categories, v.animal_type_id),
    breed_id: (v) => optionLabel(lookups.breeds, v.breed_id),
    gender: (v) => optionLabel(lookups.sexes, v.gender),
    color_id: (v) => optionLabel(lookups.colors, v.color_id),
    check_in_type_id: (v) => optionLabel(lookups.checkInTypes, v.check_in_type_id),
    birth_type_id: (v) => optionLabel(lookups.birthTypes, v.birth_type_id),
    father_id: (v) => optionLabel(lookups.bulls, v.father_id),
    mother_id: (v, side) => (v.mother_id ? (motherTags[side] ?? v.mother_id) : ''),
    date_of_birth: (v) => (v.date_of_birth ? formatDate(v.date_of_birth.slice(0, 10)) : ''),
    weight_at_birth: (v) => (v.weight_at_birth === null ? '' : formatNumber(v.weight_at_birth, 1)),
    origin: (v) => v.origin.trim(),
  }
  const lines: ChangeLine[] = []
  for (const field of FIELD_ORDER) {
    const from = shown[field](before, 'before')
    const to = shown[field](after, 'after')
    if (from !== to) lines.push({ field, label: ANIMAL_FIELD_LABELS[field], before: from, after: to })
  }
  return lines
}

const FIELD_ORDER: AnimalField[] = [
  'visual_tag',
  'electronic_tag',
  'cuig',
  'senasa',
  'animal_type_id',
  'gender',
  'breed_id',
  'color_id',
  'rodeo_id',
  'check_in_type_id',
  'origin',
  'date_of_birth',
  'weight_at_birth',
  'birth_type_id',
  'mother_id',
  'father_id',
]

interface AnimalFormBaseProps {
  lookups: AnimalFormLookups
  /** The picker list of the establishment (server-paged); keep it stable (useCallback). */
  pickerSource: PickerSource
  onCancel: () => void
}

export interface AnimalCreateFormProps extends AnimalFormBaseProps {
  kind: 'create'
  establishmentId: number
  /**
   * A tag the animal is known by already (an unknown tag typed at the chute): an RFID fills the
   * RFID field, anything else the IDV, so the crew does not type it twice.
   */
  initialTag?: string
  onSubmit: (values: AnimalEditValues) => Promise<AnimalWriteResult>
  onDone: (animal: AnimalDetail) => void
}

export interface AnimalEditFormProps extends AnimalFormBaseProps {
  kind: 'edit'
  animal: AnimalDetail
  onSubmit: (values: AnimalEditValues) => Promise<AnimalWriteResult>
  onDone: (animal: AnimalDetail) => void
  /** 'Eliminar' (any signed-in user, spec section 6): opens the delete confirmation. */
  onDelete: () => void
}

export type AnimalFormProps = AnimalCreateFormProps | AnimalEditFormProps

/** Empty create values, with a known tag put where it belongs (RFID or IDV). */
export function createValuesFromTag(tag: string | undefined): AnimalEditValues {
  const typed = tag?.trim() ?? ''
  if (!typed) return EMPTY_ANIMAL_VALUES
  const rfid = normalizeElectronicTag(typed)
  return /^\d+$/.test(rfid) && isElectronicTag(rfid)
    ? { ...EMPTY_ANIMAL_VALUES, electronic_tag: rfid }
    : { ...EMPTY_ANIMAL_VALUES, visual_tag: typed }
}

/**
 * The animal create and edit forms (spec sections 2, 3 and 5), on the shared zod schemas. Submit is
 * disabled until something changes and reads 'Enviando...' while busy. Editing shows a review of
 * what changed (field: before → after) before anything is sent; the mother is chosen in the picker,
 * and cancelling the picker restores the mother the field had.
 */
export function AnimalForm(props: AnimalFormProps) {
  const { lookups, pickerSource, onCancel } = props
  const editing = props.kind === 'edit'
  // Both schemas read the same form values; creating also requires the check-in type.
  const schema: z.ZodType<unknown, AnimalEditValues> =
    props.kind === 'create' ? animalCreateSchema : animalEditSchema
  // Kept from the first render: the form compares its values against these to enable 'Guardar'.
  const [defaults] = useState(() =>
    props.kind === 'edit' ? editValuesOf(props.animal) : createValuesFromTag(props.initialTag),
  )
  const originalMotherTag = props.kind === 'edit' ? props.animal.mother_visual_tag : null
  const tagForToast = props.kind === 'edit' ? props.animal.visual_tag : undefined

  const [motherTag, setMotherTag] = useState<string | null>(originalMotherTag)
  const [picker, setPicker] = useState<{ open: boolean; restore: { id: string | null; tag: string | null } }>(
    {
      open: false,
      restore: { id: null, tag: null },
    },
  )
  const [review, setReview] = useState<ChangeLine[] | null>(null)

  const form = useAppForm({
    defaultValues: defaults,
    canSubmitWhenInvalid: true,
    validators: { onSubmit: schema },
    onSubmitMeta: { confirmed: !editing },
    onSubmit: async ({ value, meta }) => {
      if (!meta.confirmed) {
        setReview(describeChanges(defaults, value, lookups, { before: originalMotherTag, after: motherTag }))
        return
      }
      const tag = tagForToast ?? value.visual_tag.trim()
      const failure = editing ? ANIMAL_MESSAGES.updateError : ANIMAL_MESSAGES.createError
      try {
        const result = await props.onSubmit(value)
        if (result.ok) {
          setReview(null)
          toast.success(result.message)
          props.onDone(result.animal)
        } else {
          toast.error(failure, { description: `IDV: ${tag}. ${result.error}` })
        }
      } catch {
        toast.error(failure, { description: `IDV: ${tag}. Error desconocido` })
      }
    },
  })

  const validators = (name: keyof AnimalEditValues & string) => fieldValidatorsFrom(schema, name)
  const today = farmToday()

  return (
    <form.AppForm>
      <form.Form>
        <Stack gap="5">
          <Section title="Identificación">
            <form.AppField name="visual_tag" validators={validators('visual_tag')}>
              {(field) => <field.TextField label="IDV" required placeholder="Caravana visual" autoFocus />}
            </form.AppField>
            <form.AppField name="electronic_tag" validators={validators('electronic_tag')}>
              {(field) => (
                <field.TextField
                  label="RFID"
                  digitsOnly
                  maxLength={16}
                  placeholder="15 dígitos"
                  helperText="Caravana electrónica, 15 dígitos"
                />
              )}
            </form.AppField>
            <form.AppField name="cuig" validators={validators('cuig')}>
              {(field) => <field.TextField label="CUIG" />}
            </form.AppField>
            <form.AppField name="senasa" validators={validators('senasa')}>
              {(field) => <field.TextField label="SENASA" />}
            </form.AppField>
          </Section>

          <Section title="Clasificación">
            <form.AppField name="animal_type_id" validators={validators('animal_type_id')}>
              {(field) => (
                <field.SelectField
                  label="Categoría"
                  required
                  options={lookups.categories}
                  placeholder="Seleccione una categoría"
                />
              )}
            </form.AppField>
            <form.AppField name="gender" validators={validators('gender')}>
              {(field) => (
                <field.SelectField
                  label="Sexo"
                  options={lookups.sexes}
                  placeholder="Según la categoría"
                  helperText="Vacío: el que indica la categoría"
                />
              )}
            </form.AppField>
            <form.AppField name="breed_id" validators={validators('breed_id')}>
              {(field) => (
                <field.SelectField
                  label="Raza"
                  required
                  options={lookups.breeds}
                  placeholder="Seleccione una raza"
                />
              )}
            </form.AppField>
            <form.AppField name="color_id" validators={validators('color_id')}>
              {(field) => (
                <field.SelectField
                  label="Color"
                  required
                  options={lookups.colors}
                  placeholder="Seleccione un color"
                />
              )}
            </form.AppField>
            <form.AppField name="rodeo_id" validators={validators('rodeo_id')}>
              {(field) => (
                <field.SelectField label="Rodeo" options={lookups.rodeos} placeholder="Sin rodeo" />
              )}
            </form.AppField>
            <form.AppField name="check_in_type_id" validators={validators('check_in_type_id')}>
              {(field) => (
                <field.SelectField
                  label="Tipo de ingreso"
                  required={!editing}
                  options={lookups.checkInTypes}
                  placeholder="Seleccione el tipo de ingreso"
                />
              )}
            </form.AppField>
            <form.AppField name="origin" validators={validators('origin')}>
              {(field) => <field.TextField label="Origen" placeholder="Establecimiento o remate de origen" />}
            </form.AppField>
          </Section>

          <Section title="Nacimiento">
            <form.AppField name="date_of_birth" validators={validators('date_of_birth')}>
              {(field) => <field.DateField label="Fecha de nacimiento" min={MIN_RECORD_DATE} max={today} />}
            </form.AppField>
            <form.AppField name="weight_at_birth" validators={validators('weight_at_birth')}>
              {(field) => <field.NumberField label="Peso al nacer (kg)" placeholder="35" step={0.1} />}
            </form.AppField>
            <form.AppField name="birth_type_id" validators={validators('birth_type_id')}>
              {(field) => (
                <field.SelectField
                  label="Tipo de parto"
                  options={lookups.birthTypes}
                  placeholder="Sin dato"
                />
              )}
            </form.AppField>
          </Section>

          <Section title="Padres">
            <form.AppField name="mother_id" validators={validators('mother_id')}>
              {(field) => (
                <field.ChooserField
                  label="Madre"
                  display={motherTag}
                  placeholder="Sin madre registrada"
                  onChoose={() =>
                    setPicker({ open: true, restore: { id: field.state.value ?? null, tag: motherTag } })
                  }
                />
              )}
            </form.AppField>
            <form.AppField name="father_id" validators={validators('father_id')}>
              {(field) => (
                <field.SelectField
                  label="Padre (toro)"
                  options={lookups.bulls}
                  placeholder="Sin padre registrado"
                />
              )}
            </form.AppField>
          </Section>

          <HStack justify="space-between" gap="3" flexWrap="wrap" pt="2">
            <Box>
              {props.kind === 'edit' ? (
                <Button type="button" variant="outline" colorPalette="red" onClick={props.onDelete}>
                  Eliminar
                </Button>
              ) : null}
            </Box>
            <HStack gap="3">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancelar
              </Button>
              <Popover.Root
                open={review !== null}
                onOpenChange={(details) => {
                  if (!details.open && !form.state.isSubmitting) setReview(null)
                }}
                positioning={{ placement: 'top-end' }}
              >
                <Popover.Anchor asChild>
                  <span>
                    <form.SubmitButton>{editing ? 'Guardar' : 'Crear animal'}</form.SubmitButton>
                  </span>
                </Popover.Anchor>
                {/* Inside the dialog's content: a click in it is not a click outside the dialog. */}
                <Popover.Positioner>
                  <Popover.Content maxW="sm" width="max-content">
                    <Stack gap="3" p="4">
                      <Popover.Title>Revisar cambios</Popover.Title>
                      {review && review.length > 0 ? (
                        <styled.ul aria-label="Cambios" display="grid" gap="1.5" textStyle="sm">
                          {review.map((line) => (
                            <styled.li key={line.field}>
                              <styled.span fontWeight="semibold">{line.label}:</styled.span>{' '}
                              <styled.span color="fg.muted">{line.before || 'vacío'}</styled.span> →{' '}
                              <styled.span>{line.after || 'vacío'}</styled.span>
                            </styled.li>
                          ))}
                        </styled.ul>
                      ) : (
                        <Popover.Description>No hay cambios para guardar.</Popover.Description>
                      )}
                      <HStack justify="end" gap="2">
                        <Button type="button" size="sm" variant="outline" onClick={() => setReview(null)}>
                          Volver
                        </Button>
                        <form.Subscribe selector={(state) => state.isSubmitting}>
                          {(isSubmitting) => (
                            <Button
                              type="button"
                              size="sm"
                              loading={isSubmitting}
                              loadingText="Enviando..."
                              disabled={!review || review.length === 0}
                              onClick={() => void form.handleSubmit({ confirmed: true })}
                            >
                              Confirmar
                            </Button>
                          )}
                        </form.Subscribe>
                      </HStack>
                    </Stack>
                  </Popover.Content>
                </Popover.Positioner>
              </Popover.Root>
            </HStack>
          </HStack>
        </Stack>

        <AnimalPickerDialog
          open={picker.open}
          title="Elegir madre"
          mode="mother"
          excludeId={props.kind === 'edit' ? props.animal.animal_id : undefined}
          source={pickerSource}
          chosenId={form.getFieldValue('mother_id') ?? null}
          onChoose={(animal: PickerAnimal) => {
            form.setFieldValue('mother_id', animal.uuid)
            setMotherTag(animal.caravana_visual)
          }}
          onAccept={() => setPicker((current) => ({ ...current, open: false }))}
          onCancel={() => {
            form.setFieldValue('mother_id', picker.restore.id)
            setMotherTag(picker.restore.tag)
            setPicker((current) => ({ ...current, open: false }))
          }}
        />
      </form.Form>
    </form.AppForm>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <styled.fieldset display="grid" gap="3" borderWidth="0" p="0" m="0" minW="0">
      <styled.legend
        textStyle="sm"
        fontWeight="semibold"
        color="fg.muted"
        textTransform="uppercase"
        letterSpacing="wide"
        mb="2"
      >
        {title}
      </styled.legend>
      <Grid columns={{ base: 1, md: 2 }} gap="4">
        {children}
      </Grid>
    </styled.fieldset>
  )
}
