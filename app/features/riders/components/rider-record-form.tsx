import { XIcon } from 'lucide-react'
import { useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import type { SelectOption } from '~/components/form/fields'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { departureText, hasLeftHerd } from '~/features/animals/departure'
import { AnimalContextCard } from '~/features/events/components/animal-context-card'
import { AnimalTagPicker } from '~/features/events/components/animal-tag-picker'
import type { ActionResult } from '~/lib/action-result'
import { formatDate } from '~/lib/format'
import { farmToday, MIN_RECORD_DATE } from '~/lib/record-rules'
import {
  createBirthSchema,
  createBodyConditionSchema,
  createDeathSchema,
  createNoteSchema,
  createTreatmentsSchema,
  RIDER_KIND_TEXT,
  RIDER_MESSAGES,
  type RiderFormOptions,
  type RiderRecordKind,
  type RiderRowByKind,
} from '../riders.schema'
import { withdrawalEnd } from '../treatments.rules'

/** Everything the five forms hold; each kind reads its own fields. */
export interface RiderFormValues {
  read_at: string
  rider_id: number | null
  sex_id: number | null
  birth_type_id: number | null
  weight_at_birth: number | null
  calf_visual_tag: string
  calf_electronic_tag: string
  tag_pending: boolean
  death_cause_id: number | null
  note: string
  treatment_id: number | null
  dose: string
  route: string
  withdrawal_days: number | null
  body_conditions_rider_id: number | null
  content: string
}

export const emptyRiderValues = (): RiderFormValues => ({
  read_at: farmToday(),
  rider_id: null,
  sex_id: null,
  birth_type_id: null,
  weight_at_birth: null,
  calf_visual_tag: '',
  calf_electronic_tag: '',
  tag_pending: false,
  death_cause_id: null,
  note: '',
  treatment_id: null,
  dose: '',
  route: '',
  withdrawal_days: 0,
  body_conditions_rider_id: null,
  content: '',
})

/** The values of a row being edited. */
export function valuesOfRow(kind: RiderRecordKind, row: RiderRowByKind[RiderRecordKind]): RiderFormValues {
  const base = { ...emptyRiderValues(), read_at: row.read_at, rider_id: row.rider_id }
  switch (kind) {
    case 'births': {
      const r = row as RiderRowByKind['births']
      return {
        ...base,
        sex_id: r.sex_id,
        birth_type_id: r.birth_type_id,
        weight_at_birth: r.weight_at_birth,
        note: r.note ?? '',
        calf_visual_tag: r.calf_visual_tag ?? '',
      }
    }
    case 'deaths': {
      const r = row as RiderRowByKind['deaths']
      return { ...base, death_cause_id: r.death_cause_id, note: r.note ?? '' }
    }
    case 'treatments': {
      const r = row as RiderRowByKind['treatments']
      return {
        ...base,
        treatment_id: r.treatment_id,
        dose: r.dose ?? '',
        route: r.route ?? '',
        withdrawal_days: r.withdrawal_days,
      }
    }
    case 'body-conditions': {
      const r = row as RiderRowByKind['body-conditions']
      return { ...base, body_conditions_rider_id: r.body_conditions_rider_id }
    }
    case 'notes': {
      const r = row as RiderRowByKind['notes']
      return { ...base, content: r.content }
    }
  }
}

/** The request body of a kind from the form (and the picked animals, for a new record). */
export function bodyOf(
  kind: RiderRecordKind,
  values: RiderFormValues,
  animals: readonly AnimalListRow[],
  editing: boolean,
): Record<string, unknown> {
  const common = { read_at: values.read_at, rider_id: values.rider_id }
  const animal = editing ? {} : { animal_id: animals[0]?.animal_id }
  switch (kind) {
    case 'births':
      return {
        ...common,
        ...(editing ? {} : { mother_id: animals[0]?.animal_id, tag_pending: values.tag_pending }),
        sex_id: values.sex_id,
        birth_type_id: values.birth_type_id,
        weight_at_birth: values.weight_at_birth,
        note: values.note,
        ...(values.tag_pending && !editing
          ? {}
          : { calf_visual_tag: values.calf_visual_tag, calf_electronic_tag: values.calf_electronic_tag }),
      }
    case 'deaths':
      return { ...common, ...animal, death_cause_id: values.death_cause_id, note: values.note }
    case 'treatments':
      return {
        ...common,
        ...(editing ? {} : { animal_ids: animals.map((a) => a.animal_id) }),
        treatment_id: values.treatment_id,
        dose: values.dose,
        route: values.route,
        withdrawal_days: values.withdrawal_days,
      }
    case 'body-conditions':
      return { ...common, ...animal, body_conditions_rider_id: values.body_conditions_rider_id }
    case 'notes':
      return { ...common, ...animal, content: values.content }
  }
}

export interface RiderRecordFormProps {
  kind: RiderRecordKind
  options: RiderFormOptions | undefined
  /** The record being edited (its animal is fixed), or undefined for a new one. */
  editing?: { id: number; values: RiderFormValues; animalTag: string; calfPending?: boolean }
  /** The live animal a tag names (IDV or RFID, as the chute reads it), or null. */
  findAnimal: (tag: string) => Promise<AnimalListRow | null>
  onSave: (body: Record<string, unknown>) => Promise<ActionResult>
  onClose: () => void
}

const opts = (items: { id: number; description: string }[] | undefined): SelectOption[] =>
  items?.map((item) => ({ value: item.id, label: item.description })) ?? []

/** The animal a rider record may be about: a dead one is refused here too (the server says the same). */
function animalProblem(kind: RiderRecordKind, animal: AnimalListRow) {
  if (kind === 'notes' || !hasLeftHerd(animal)) return undefined
  return `El animal ${animal.visual_tag} ya no está en el rodeo (${departureText(animal)}).`
}

/**
 * The form of one rider record (issue 21), built for a phone in the paddock: one column, large
 * targets, the animal by tag scan (the chute's picker: an RFID stick reader types and presses Enter),
 * a decimal keypad for weights. Treatments take one or many animals: each scan adds one.
 */
export function RiderRecordForm({
  kind,
  options,
  editing,
  findAnimal,
  onSave,
  onClose,
}: RiderRecordFormProps) {
  const [animals, setAnimals] = useState<AnimalListRow[]>([])
  const [picked, setPicked] = useState<AnimalListRow | null>(null)
  const [animalError, setAnimalError] = useState<string | undefined>()
  const many = kind === 'treatments'
  const text = RIDER_KIND_TEXT[kind]

  const form = useAppForm({
    defaultValues: editing?.values ?? emptyRiderValues(),
    onSubmit: async ({ value }) => {
      if (!editing && animals.length === 0) {
        setAnimalError(kind === 'births' ? RIDER_MESSAGES.motherRequired : RIDER_MESSAGES.animalRequired)
        return
      }
      const result = await onSave(bodyOf(kind, value, animals, Boolean(editing)))
      if (result.ok) {
        toast.success(result.message ?? text.created)
        onClose()
      } else toast.error(result.error)
    },
  })

  function pick(animal: AnimalListRow | null) {
    setPicked(animal)
    if (!animal) return
    const problem = animalProblem(kind, animal)
    if (problem) {
      setAnimalError(problem)
      return
    }
    setAnimalError(undefined)
    setAnimals((current) =>
      many
        ? current.some((a) => a.animal_id === animal.animal_id)
          ? current
          : [...current, animal]
        : [animal],
    )
  }

  const schema = {
    births: createBirthSchema,
    deaths: createDeathSchema,
    treatments: createTreatmentsSchema,
    'body-conditions': createBodyConditionSchema,
    notes: createNoteSchema,
  }[kind]
  // The kind's API schema judges each field with the form's values (the animal is picked outside).
  const v = (name: keyof RiderFormValues) => fieldValidatorsFrom(schema as never, name as never) as never
  const riders = opts(options?.riders)
  const today = farmToday()

  return (
    <form.AppForm>
      <form.Form aria-label={editing ? text.editTitle : text.newTitle}>
        <Stack gap="4">
          {editing ? (
            <styled.p fontWeight="semibold">
              {kind === 'births' ? 'Madre' : 'Animal'}: {editing.animalTag}
            </styled.p>
          ) : (
            <Stack gap="2">
              <styled.p fontWeight="semibold">
                {kind === 'births' ? 'Madre' : many ? 'Animales' : 'Animal'}
              </styled.p>
              <AnimalTagPicker
                // Each scan of a treatment adds an animal; the picker clears the field at once and
                // keeps the lookups apart, so a fast reader never drops one (an earlier remount per
                // added animal lost a tag read while the previous lookup was running).
                continuous={many}
                animal={many ? null : picked}
                onPick={pick}
                findAnimal={findAnimal}
                error={animalError}
                autoFocus
                size="lg"
              />
              {many ? (
                <styled.ul aria-label="Animales a tratar" display="flex" flexWrap="wrap" gap="2">
                  {animals.map((animal) => (
                    <li key={animal.animal_id}>
                      <Button
                        variant="outline"
                        size="lg"
                        aria-label={`Quitar ${animal.visual_tag}`}
                        onClick={() => setAnimals((current) => current.filter((a) => a !== animal))}
                      >
                        {animal.visual_tag} <XIcon aria-hidden />
                      </Button>
                    </li>
                  ))}
                </styled.ul>
              ) : animals[0] ? (
                <AnimalContextCard animal={animals[0]} />
              ) : null}
            </Stack>
          )}

          <form.AppField name="read_at" validators={v('read_at')}>
            {(field) => <field.DateField label="Fecha" min={MIN_RECORD_DATE} max={today} required />}
          </form.AppField>

          {kind === 'births' ? (
            <>
              <form.AppField name="sex_id" validators={v('sex_id')}>
                {(field) => (
                  <field.SelectField label="Sexo del ternero" options={opts(options?.sexes)} required />
                )}
              </form.AppField>
              <form.AppField name="birth_type_id">
                {(field) => <field.SelectField label="Tipo de parto" options={opts(options?.birth_types)} />}
              </form.AppField>
              <form.AppField name="weight_at_birth" validators={v('weight_at_birth')}>
                {(field) => <field.NumberField label="Peso al nacer (kg)" step={0.5} />}
              </form.AppField>
              {editing && !editing.calfPending ? null : (
                <>
                  {editing ? null : (
                    <form.Field name="tag_pending">
                      {(field) => (
                        <styled.label display="flex" alignItems="center" gap="3" minH="12" cursor="pointer">
                          <styled.input
                            type="checkbox"
                            w="6"
                            h="6"
                            checked={field.state.value}
                            onChange={(event) => field.handleChange(event.target.checked)}
                          />
                          {RIDER_MESSAGES.pendingTag}
                        </styled.label>
                      )}
                    </form.Field>
                  )}
                  <form.Subscribe selector={(state) => state.values.tag_pending}>
                    {(pending) =>
                      pending ? null : (
                        <>
                          <form.AppField name="calf_visual_tag" validators={v('calf_visual_tag')}>
                            {(field) => (
                              <field.TextField label="Caravana del ternero (IDV)" autoComplete="off" />
                            )}
                          </form.AppField>
                          <form.AppField name="calf_electronic_tag" validators={v('calf_electronic_tag')}>
                            {(field) => (
                              <field.TextField
                                label="RFID del ternero"
                                inputMode="numeric"
                                maxLength={15}
                                autoComplete="off"
                              />
                            )}
                          </form.AppField>
                        </>
                      )
                    }
                  </form.Subscribe>
                </>
              )}
            </>
          ) : null}

          {kind === 'deaths' ? (
            <form.AppField name="death_cause_id">
              {(field) => <field.SelectField label="Causa" options={opts(options?.death_causes)} />}
            </form.AppField>
          ) : null}

          {kind === 'treatments' ? (
            <>
              <form.AppField name="treatment_id" validators={v('treatment_id')}>
                {(field) => (
                  <field.SelectField label="Producto" options={opts(options?.treatments)} required />
                )}
              </form.AppField>
              <form.AppField name="dose" validators={v('dose')}>
                {(field) => <field.TextField label="Dosis" placeholder="Ej.: 10 ml" autoComplete="off" />}
              </form.AppField>
              <form.AppField name="route" validators={v('route')}>
                {(field) => <field.TextField label="Vía" placeholder="Ej.: subcutánea" autoComplete="off" />}
              </form.AppField>
              <form.AppField name="withdrawal_days" validators={v('withdrawal_days')}>
                {(field) => <field.NumberField label="Días de retiro" step={1} min={0} max={365} />}
              </form.AppField>
              <form.Subscribe
                selector={(state) => [state.values.read_at, state.values.withdrawal_days] as const}
              >
                {([readAt, days]) =>
                  readAt && days ? (
                    <styled.p color="fg.muted" role="status">
                      Fin del retiro: {formatDate(withdrawalEnd(readAt, days))}. Cada animal tendrá una alerta
                      hasta entonces.
                    </styled.p>
                  ) : null
                }
              </form.Subscribe>
            </>
          ) : null}

          {kind === 'body-conditions' ? (
            <form.AppField name="body_conditions_rider_id" validators={v('body_conditions_rider_id')}>
              {(field) => (
                <field.SelectField
                  label="Condición corporal"
                  options={opts(options?.body_conditions_riders)}
                  required
                />
              )}
            </form.AppField>
          ) : null}

          {kind === 'notes' ? (
            <form.AppField name="content" validators={v('content')}>
              {(field) => <field.TextareaField label="Nota" rows={4} maxLength={1000} required />}
            </form.AppField>
          ) : null}

          {kind === 'births' || kind === 'deaths' ? (
            <form.AppField name="note">
              {(field) => <field.TextareaField label="Observación" rows={2} maxLength={500} />}
            </form.AppField>
          ) : null}

          <form.AppField name="rider_id">
            {(field) => <field.SelectField label="Recorredor" options={riders} placeholder="Sin indicar" />}
          </form.AppField>

          <HStack gap="3" justify="flex-end" flexWrap="wrap">
            <Button variant="outline" size="lg" onClick={onClose}>
              Cancelar
            </Button>
            <form.SubmitButton size="lg" allowUnchanged={!editing}>
              Guardar
            </form.SubmitButton>
          </HStack>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}
