import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react'
import { type MutableRefObject, type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Box, Grid, HStack, Stack, styled } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import type { SelectOption } from '~/components/form/fields'
import { visibleError } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import { Switch } from '~/components/ui/switch'
import { toast } from '~/components/ui/toaster'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import type { CreateSessionBody, SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import type { CreateSessionResult } from '~/features/cattle-handling/components/new-session-form'
import { SessionSelectorView } from '~/features/cattle-handling/components/session-selector-view'
import type { ActionResult } from '~/lib/action-result'
import { formatNumber } from '~/lib/format'
import { farmToday, MIN_RECORD_DATE, WEIGHT_RANGE } from '~/lib/record-rules'
import { EVENT_FIELDS, EVENT_KIND_INFO, type EventKind } from '../event-kinds'
import type { EventCreateRequest, EventUpdateRequest } from '../events.wire'
import {
  type EventEdit,
  emptyRecordValues,
  FIELDS_TO_FILL,
  nextAnimalValues,
  parseCreate,
  parseUpdate,
  type RecordField,
  type RecordFormValues,
  recordFieldIssue,
} from '../record-values'
import { AnimalContextCard } from './animal-context-card'
import { AnimalTagPicker } from './animal-tag-picker'

/** The lookups the record forms choose from (spec section 3, frameworks). */
export interface RecordLookups {
  bulls: SelectOption<number>[]
  inseminators: SelectOption<number>[]
  pregnancyCheckDetails: SelectOption<number>[]
  reproductiveGrades: SelectOption<number>[]
  ovarianStatuses: SelectOption<number>[]
  weighingTimes: SelectOption<number>[]
}

/** What the form asks of the app; the page gives server functions, stories give fakes. */
export interface RecordServices {
  /** The live animal a tag names in the establishment, or null. */
  findAnimal: (tag: string) => Promise<AnimalListRow | null>
  /** How many events of this kind the animal already has in the session (the "twice" warning). */
  countAnimalInSession: (sessionId: number, animalId: string) => Promise<number>
  /** How many animals the session has recorded (the chute's counter). */
  countSessionAnimals: (sessionId: number) => Promise<number>
  /**
   * Records a new event. `pending`: kept on the device, to be sent when there is signal (the
   * offline chute, decision 040); `message` then says so instead of the kind's success toast.
   */
  create: (write: EventCreateRequest) => Promise<ActionResult & { pending?: boolean; recordKey?: string }>
  /** A pending record (by its `recordKey`) was sent or refused: its 'pendiente' mark changes. */
  onRecordSettled?: (listener: (recordKey: string, outcome: 'synced' | 'review') => void) => () => void
  update: (id: number, write: EventUpdateRequest) => Promise<ActionResult>
  /** The sessions of the kind's work type; undefined while they load. */
  sessions: SessionHeader[] | undefined
  /** The sessions could not be read: the selector says so and offers to retry. */
  sessionsFailed?: boolean
  retrySessions?: () => void
  createSession?: (body: CreateSessionBody) => Promise<CreateSessionResult>
}

/** One of the chute's 'Últimos registrados': saved on the server, or on the device until it syncs. */
interface RecentRecord {
  key: number
  tag: string
  detail: string
  state: 'synced' | 'pending' | 'review'
  /** The outbox record's key while it is on the device (the offline chute). */
  recordKey?: string
}

export interface EventRecordFormProps {
  kind: EventKind
  establishmentId: number
  lookups: RecordLookups
  services: RecordServices
  /** Opened from an existing session: it is shown read-only (spec section 4). */
  fixedSession?: SessionHeader
  /** Edit this event instead of recording a new one. */
  editing?: EventEdit
  /**
   * Offered as 'Crear animal' when a tag is unknown (the animal create form, when the page has it);
   * answering the new animal's tag picks it.
   */
  onCreateAnimal?: (tag: string) => Promise<string | null>
  /** Closes the form (the dialog around it). */
  onClose: () => void
  /**
   * Filled by the form with where the focus belongs now (the tag field, or once an animal is picked
   * the next field to fill): a dialog around it gives the focus back there when it gets it back.
   */
  focusTargetRef?: MutableRefObject<(() => HTMLElement | null) | null>
}

const PRESERVICE_NONE = 'Indique el grado reproductivo o el estado ovárico.'
const YES_NO = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Sí' },
]

/** Controls tall enough for gloved hands at the chute. */
const chuteSized = css({
  '& input, & select, & textarea': { minHeight: '12', textStyle: 'md' },
  '& label': { textStyle: 'md' },
})

function useRecordForm(
  defaultValues: RecordFormValues,
  onSubmit: (values: RecordFormValues) => Promise<void>,
) {
  return useAppForm({
    defaultValues,
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => onSubmit(value),
  })
}
type RecordForm = ReturnType<typeof useRecordForm>

/**
 * One of the four record forms (spec section 2): the animal by its tag, the session, the date and the
 * kind's fields. New records work as at the chute (issue 6, part 4): after a save the form stays for
 * the next animal with the session, the date and the shared fields kept, and the tag field focused;
 * an animal recorded twice in a session asks before saving.
 */
export function EventRecordForm({
  kind,
  establishmentId,
  lookups: listed,
  services,
  fixedSession,
  editing,
  onCreateAnimal,
  onClose,
  focusTargetRef,
}: EventRecordFormProps) {
  const info = EVENT_KIND_INFO[kind]
  const lookups = useMemo(() => withCurrent(listed, editing), [listed, editing])
  const [animal, setAnimal] = useState<AnimalListRow | null>(null)
  // The picked animal as of now, for focus decisions made outside a render.
  const animalRef = useRef(animal)
  animalRef.current = animal
  const [pickerKey, setPickerKey] = useState(0)
  const [keepOpen, setKeepOpen] = useState(true)
  const [recorded, setRecorded] = useState<number | null>(null)
  const [duplicates, setDuplicates] = useState(0)
  const [confirming, setConfirming] = useState(false)
  const [recent, setRecent] = useState<RecentRecord[]>([])
  const tagRef = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLDivElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const confirmedRef = useRef(false)
  // The services may be a new object on every render of the page: effects read the latest one.
  const servicesRef = useRef(services)
  servicesRef.current = services

  const session = editing?.session ?? fixedSession
  const [counted, setCounted] = useState({ session: session?.id ?? null, round: 0 })
  // The form's defaults live here: TanStack Form copies changed defaults into an untouched form on
  // every render, so they change only with the form's own reset (the next animal at the chute), never
  // by themselves (emptyRecordValues' date moves every minute).
  const [defaults, setDefaults] = useState(() => editing?.values ?? emptyRecordValues(kind, session))
  const form = useRecordForm(defaults, async (values) => {
    if (editing) return save(values)
    if (duplicates > 0 && !confirmedRef.current) {
      setConfirming(true)
      return
    }
    return save(values)
  })

  const onRecordSettled = services.onRecordSettled
  useEffect(
    () =>
      onRecordSettled?.((recordKey, outcome) =>
        setRecent((list) =>
          list.some((item) => item.recordKey === recordKey)
            ? list.map((item) => (item.recordKey === recordKey ? { ...item, state: outcome } : item))
            : list,
        ),
      ),
    [onRecordSettled],
  )

  async function save(values: RecordFormValues) {
    let result: ActionResult & { pending?: boolean; recordKey?: string }
    try {
      if (editing) {
        const parsed = parseUpdate(kind, values, editing.version)
        if (!parsed.ok) return
        result = await servicesRef.current.update(editing.id, parsed.write)
      } else {
        const parsed = parseCreate(kind, values, { confirmRepeat: confirmedRef.current })
        if (!parsed.ok) return
        result = await servicesRef.current.create(parsed.write)
      }
    } catch {
      result = { ok: false, error: 'Error desconocido' }
    }
    confirmedRef.current = false
    setConfirming(false)
    if (!result.ok) {
      toast.error(editing ? info.messages.updateError : info.messages.createError, {
        description: result.error || 'Error desconocido',
      })
      return
    }
    toast.success(
      editing
        ? info.messages.updateSuccess
        : result.pending && result.message
          ? result.message
          : info.messages.createSuccess,
    )
    if (editing || !keepOpen) return onClose()
    // Chute: the next animal, with the session, the date and the shared fields kept; the new tag
    // field takes the focus as it mounts.
    setRecent((list) =>
      [
        {
          key: Date.now(),
          tag: animal?.visual_tag ?? '',
          detail: summary(kind, values, lookups),
          state: result.pending === true ? ('pending' as const) : ('synced' as const),
          recordKey: result.recordKey,
        },
        ...list,
      ].slice(0, 5),
    )
    nextAnimal(values)
    setCounted((current) => ({ session: values.cattle_handling_id, round: current.round + 1 }))
  }

  /** On to the next animal (after a save, or skipping one already recorded): a fresh tag field. */
  function nextAnimal(values: RecordFormValues) {
    const next = nextAnimalValues(kind, values)
    setDefaults(next)
    form.reset(next)
    setAnimal(null)
    setDuplicates(0)
    setConfirming(false)
    setPickerKey((n) => n + 1)
  }

  // The chute's counter: read for the chosen session, and again after every save.
  useEffect(() => {
    const sessionId = counted.session
    if (editing || sessionId === null) return setRecorded(null)
    let live = true
    servicesRef.current
      .countSessionAnimals(sessionId)
      .then((n) => live && setRecorded(n))
      .catch(() => live && setRecorded(null))
    return () => {
      live = false
    }
  }, [counted, editing])

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])

  // In an edit, the animal's card is looked up once by its tag.
  useEffect(() => {
    if (!editing) return
    let live = true
    servicesRef.current
      .findAnimal(editing.animalTag)
      .then((found) => live && setAnimal(found))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [editing])

  async function checkDuplicate(sessionId: number | null, animalId: string) {
    setConfirming(false)
    confirmedRef.current = false
    if (editing || sessionId === null || !animalId) return setDuplicates(0)
    try {
      setDuplicates(await servicesRef.current.countAnimalInSession(sessionId, animalId))
    } catch {
      setDuplicates(0)
    }
  }

  /**
   * Where the focus belongs now: the tag field while no animal is picked; then the first field still
   * to fill, or 'Guardar' when every field is kept (an edit: its first field).
   */
  function focusTarget(): HTMLElement | null {
    if (!editing && !animalRef.current) return tagRef.current
    const values = form.state.values
    const empty = editing
      ? FIELDS_TO_FILL[kind][0]
      : FIELDS_TO_FILL[kind].find((field) => values[field] === null)
    const target = empty
      ? formRef.current?.querySelector<HTMLElement>(`[name="${empty}"]`)
      : formRef.current?.querySelector<HTMLElement>('button[type="submit"]')
    return target ?? null
  }
  if (focusTargetRef) focusTargetRef.current = focusTarget

  function focusNext() {
    requestAnimationFrame(() => focusTarget()?.focus())
  }

  const rule: Rule = (field) => ({
    onChange: ({ value, fieldApi }) => {
      const message = recordFieldIssue(kind, field, { ...fieldApi.form.state.values, [field]: value })
      return message ? { message } : undefined
    },
    // The pre-service's "one of the two" rule sits on the ovarian status; the grade can satisfy it.
    onChangeListenTo: kind === 'preservice' && field === 'ovarian_status_id' ? ['reproductive_grade_id'] : [],
  })

  const dateMax = farmToday()
  return (
    <form.AppForm>
      <form.Form>
        <Stack gap="5" ref={formRef} className={chuteSized}>
          {!editing && recorded !== null ? (
            <HStack
              justify="space-between"
              bg="accent.a2"
              borderRadius="l2"
              px="4"
              py="2"
              role="status"
              aria-live="polite"
            >
              <styled.span fontWeight="medium">Animales registrados en esta sesión</styled.span>
              <styled.span textStyle="2xl" fontWeight="bold" aria-label={`${recorded} animales registrados`}>
                {recorded}
              </styled.span>
            </HStack>
          ) : null}

          <Grid gridTemplateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
            <form.Field name="cattle_handling_id" validators={rule('cattle_handling_id')}>
              {(field) => (
                <SessionSelectorView
                  establishmentId={establishmentId}
                  work={info.work}
                  value={field.state.value}
                  onChange={(id) => {
                    field.handleChange(id)
                    field.handleBlur()
                    setCounted((current) => ({ session: id, round: current.round + 1 }))
                    void checkDuplicate(id, form.state.values.animal_id)
                  }}
                  fixed={session}
                  error={visibleError(field)}
                  size="lg"
                  sessions={services.sessions}
                  sessionsFailed={services.sessionsFailed}
                  onRetrySessions={services.retrySessions}
                  onCreateSession={services.createSession}
                  focusAfterCreate={() => tagRef.current}
                />
              )}
            </form.Field>
            <form.AppField name="read_at" validators={rule('read_at')}>
              {(field) => (
                <field.DateField
                  label={kind === 'weighing' ? 'Fecha y hora' : 'Fecha'}
                  withTime={kind === 'weighing'}
                  min={MIN_RECORD_DATE}
                  max={dateMax}
                  // Only true of an empty field: with a date typed, the weighing is recorded on it.
                  helperText={
                    kind === 'weighing' && !field.state.value
                      ? 'Sin fecha, se registra el 01/01/2025 00:00.'
                      : undefined
                  }
                />
              )}
            </form.AppField>
          </Grid>

          {editing ? (
            <Stack gap="1">
              <styled.span textStyle="sm" fontWeight="medium">
                Animal
              </styled.span>
              <styled.span textStyle="xl" fontWeight="bold">
                {editing.animalTag}
              </styled.span>
            </Stack>
          ) : (
            <form.Field name="animal_id" validators={rule('animal_id')}>
              {(field) => (
                <AnimalTagPicker
                  key={pickerKey}
                  animal={animal}
                  inputRef={tagRef}
                  autoFocus
                  size="lg"
                  findAnimal={services.findAnimal}
                  onCreateAnimal={onCreateAnimal}
                  error={visibleError(field)}
                  onPick={(picked) => {
                    setAnimal(picked)
                    field.handleChange(picked?.animal_id ?? '')
                    if (picked) {
                      field.handleBlur()
                      void checkDuplicate(form.state.values.cattle_handling_id, picked.animal_id)
                      focusNext()
                    } else {
                      setDuplicates(0)
                    }
                  }}
                />
              )}
            </form.Field>
          )}

          {animal ? <AnimalContextCard animal={animal} /> : null}

          {duplicates > 0 ? (
            <Box
              role="alert"
              borderWidth="1px"
              borderColor="amber.8"
              bg="amber.2"
              color="amber.12"
              borderRadius="l2"
              p="4"
            >
              <Stack gap="3">
                <HStack gap="2" fontWeight="semibold">
                  <TriangleAlertIcon size={20} aria-hidden />
                  Este animal ya tiene {duplicates === 1 ? info.aSingular : `${duplicates} registros`} en esta
                  sesión.
                </HStack>
                {confirming ? (
                  <HStack gap="3" flexWrap="wrap">
                    <Button
                      ref={confirmRef}
                      size="lg"
                      onClick={() => {
                        confirmedRef.current = true
                        void form.handleSubmit()
                      }}
                    >
                      Registrar de todos modos
                    </Button>
                    <Button size="lg" variant="outline" onClick={() => nextAnimal(form.state.values)}>
                      No registrar
                    </Button>
                  </HStack>
                ) : (
                  <styled.span textStyle="sm">Al guardar se le pedirá confirmación.</styled.span>
                )}
              </Stack>
            </Box>
          ) : null}

          <Grid gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <KindFields kind={kind} form={form} lookups={lookups} rule={rule} />
          </Grid>

          {!editing ? (
            <Switch checked={keepOpen} onCheckedChange={(details) => setKeepOpen(details.checked)}>
              Seguir cargando el próximo animal (modo manga)
            </Switch>
          ) : null}

          <HStack justify="flex-end" gap="3">
            <Button variant="outline" size="lg" onClick={onClose}>
              {editing ? 'Cancelar' : 'Cerrar'}
            </Button>
            <form.SubmitButton size="lg">{editing ? 'Guardar cambios' : 'Guardar'}</form.SubmitButton>
          </HStack>

          {recent.length > 0 ? (
            <Stack gap="1" as="section" aria-label="Últimos registrados">
              <styled.span textStyle="sm" color="fg.muted" fontWeight="medium">
                Últimos registrados
              </styled.span>
              <styled.ul display="flex" flexDirection="column" gap="1">
                {recent.map((item) => (
                  <HStack as="li" key={item.key} gap="2" textStyle="sm">
                    <CheckCircle2Icon size={16} aria-hidden className={css({ color: 'green.10' })} />
                    <styled.span fontWeight="semibold">{item.tag}</styled.span>
                    <styled.span color="fg.muted">{item.detail}</styled.span>
                    {item.state === 'pending' ? (
                      <styled.span textStyle="xs" fontWeight="semibold" color="amber.12">
                        pendiente
                      </styled.span>
                    ) : item.state === 'review' ? (
                      <styled.span textStyle="xs" fontWeight="semibold" color="red.11">
                        para revisar
                      </styled.span>
                    ) : null}
                  </HStack>
                ))}
              </styled.ul>
            </Stack>
          ) : null}
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}

/** A short description of what was recorded, for the 'Últimos registrados' list. */
function summary(kind: EventKind, values: RecordFormValues, lookups: RecordLookups) {
  const label = (options: SelectOption<number>[], id: number | null) =>
    options.find((option) => option.value === id)?.label ?? ''
  switch (kind) {
    case 'artificial-insemination':
      return label(lookups.bulls, values.bull_id)
    case 'pregnancy-check':
      return label(lookups.pregnancyCheckDetails, values.pregnancy_check_detailId)
    case 'preservice':
      return [
        label(lookups.reproductiveGrades, values.reproductive_grade_id),
        label(lookups.ovarianStatuses, values.ovarian_status_id),
      ]
        .filter(Boolean)
        .join(' · ')
    case 'weighing':
      return values.weight === null ? '' : `${formatNumber(values.weight, 1)} kg`
  }
}

/** A field's validation from the API schema of the kind (see `rule` in the form). */
type Rule = (field: RecordField) => {
  onChange: (args: {
    value: unknown
    fieldApi: { form: { state: { values: RecordFormValues } } }
  }) => { message: string } | undefined
  onChangeListenTo: RecordField[]
}

/** The pickers' options plus the edited record's own archived bull or inseminator (see EventEdit). */
function withCurrent(lookups: RecordLookups, editing: EventEdit | undefined): RecordLookups {
  const keep = (options: SelectOption<number>[], current: SelectOption<number> | undefined) =>
    current && !options.some((option) => option.value === current.value)
      ? [...options, { value: current.value, label: `${current.label} (archivado)` }]
      : options
  if (!editing?.current) return lookups
  return {
    ...lookups,
    bulls: keep(lookups.bulls, editing.current.bull),
    inseminators: keep(lookups.inseminators, editing.current.inseminator),
  }
}

/** The fields of each kind (spec section 3, "… (create)"). */
function KindFields({
  kind,
  form,
  lookups,
  rule,
}: {
  kind: EventKind
  form: RecordForm
  lookups: RecordLookups
  rule: Rule
}): ReactNode {
  switch (kind) {
    case 'artificial-insemination':
      return (
        <>
          <form.AppField name="bull_id" validators={rule('bull_id')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS['artificial-insemination'].bull.formLabel}
                placeholder="Seleccione un toro"
                options={lookups.bulls}
              />
            )}
          </form.AppField>
          <form.AppField name="inseminator_id" validators={rule('inseminator_id')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS['artificial-insemination'].inseminator.formLabel}
                placeholder="Sin especificar"
                options={lookups.inseminators}
              />
            )}
          </form.AppField>
        </>
      )
    case 'pregnancy-check':
      return (
        <>
          <form.AppField name="pregnancy_check_detailId" validators={rule('pregnancy_check_detailId')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS['pregnancy-check'].detail.formLabel}
                placeholder="Seleccione el diagnóstico"
                options={lookups.pregnancyCheckDetails}
              />
            )}
          </form.AppField>
          <form.AppField name="is_ultrasound_scan" validators={rule('is_ultrasound_scan')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS['pregnancy-check'].ultrasound.formLabel}
                options={YES_NO}
                clearable={false}
              />
            )}
          </form.AppField>
        </>
      )
    case 'preservice':
      return (
        <>
          <form.AppField name="reproductive_grade_id" validators={rule('reproductive_grade_id')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS.preservice.grade.formLabel}
                placeholder="Sin grado"
                options={lookups.reproductiveGrades}
              />
            )}
          </form.AppField>
          <form.AppField name="ovarian_status_id" validators={rule('ovarian_status_id')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS.preservice.ovarian.formLabel}
                placeholder="Sin estado"
                options={lookups.ovarianStatuses}
                helperText={PRESERVICE_NONE}
              />
            )}
          </form.AppField>
        </>
      )
    case 'weighing':
      return (
        <>
          <form.AppField name="weight" validators={rule('weight')}>
            {(field) => (
              <field.NumberField
                label={EVENT_FIELDS.weighing.weight.formLabel}
                placeholder="Por ejemplo: 350,5"
                min={WEIGHT_RANGE.min}
                max={WEIGHT_RANGE.max}
                step={0.5}
              />
            )}
          </form.AppField>
          <form.AppField name="weighing_time_id" validators={rule('weighing_time_id')}>
            {(field) => (
              <field.SelectField
                label={EVENT_FIELDS.weighing.weighingTime.formLabel}
                placeholder="Sin especificar"
                options={lookups.weighingTimes}
              />
            )}
          </form.AppField>
        </>
      )
  }
}
