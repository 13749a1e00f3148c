import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
// Loaded when a date filter is shown, not with every table (decision 026).
import { LazyDatePicker as DatePicker } from '~/components/ui/date-picker-lazy'
import { Input } from '~/components/ui/input'
import * as Popover from '~/components/ui/popover'
import { TEXT_FILTER_MAX_LENGTH } from '~/lib/list-limits'
import type { DateRangeValue, FilterConfig, FilterOption, FilterValue, RangeValue } from './data-table.types'
import { DROPDOWN_SEARCH_THRESHOLD, isAcceptedText } from './filter-values'

/** How long a text filter waits after the last keystroke before applying. */
export const TEXT_FILTER_DEBOUNCE_MS = 300

/** Spec 5: the range filter's placeholder when the configuration gives none. */
export const DEFAULT_RANGE_PLACEHOLDER = 'Rango numérico'

/** Earliest selectable date (spec 9). */
const MIN_DATE = '1900-01-01'

export interface FilterControlProps {
  config: FilterConfig
  value: FilterValue | undefined
  /** Options of a dropdown filter; `undefined` while the lookups are loading ('no disponible'). */
  options?: FilterOption[]
  /** Called with the new value; an empty value (or `undefined`) removes the filter. */
  onValueChange: (value: FilterValue | undefined) => void
  /** The toolbar shows principal filters without a visible label (it becomes the aria-label). */
  hideLabel?: boolean
}

/** The control for one filter configuration, chosen by its type. */
export function FilterControl(props: FilterControlProps) {
  switch (props.config.type) {
    case 'input':
      return <TextFilter {...props} />
    case 'select':
    case 'multi-select':
      return <OptionsFilter {...props} />
    case 'date-range':
      return <DateRangeFilter {...props} />
    case 'range':
      return <RangeFilter {...props} />
  }
}

const labelClass = css({ textStyle: 'sm', fontWeight: 'medium', color: 'fg.default' })
const hintClass = css({ textStyle: 'xs', color: 'fg.muted' })
const errorClass = css({ textStyle: 'xs', color: 'fg.error' })

function FilterGroup({
  label,
  labelFor,
  hideLabel,
  children,
}: {
  label: string
  labelFor?: string
  hideLabel?: boolean
  children: ReactNode
}) {
  if (hideLabel) return <>{children}</>
  return (
    <Stack gap="1.5">
      {labelFor ? (
        <label htmlFor={labelFor} className={labelClass}>
          {label}
        </label>
      ) : (
        <span className={labelClass}>{label}</span>
      )}
      {children}
    </Stack>
  )
}

// ---------------------------------------------------------------------------------------------
// Text

/**
 * A text filter (spec 5): applied ~300 ms after typing stops, only while shorter than 20
 * characters (longer input stays in the box, unapplied, with a hint); emptying it removes it.
 */
function TextFilter({ config, value, onValueChange, hideLabel }: FilterControlProps) {
  const id = useId()
  const hintId = useId()
  const applied = typeof value === 'string' ? value : ''
  const [draft, setDraft] = useState(applied)
  const lastSent = useRef(applied)
  const onValueChangeRef = useRef(onValueChange)
  onValueChangeRef.current = onValueChange

  // A change from outside (a badge clearing all filters, the URL) replaces what was typed.
  useEffect(() => {
    if (applied !== lastSent.current) {
      lastSent.current = applied
      setDraft(applied)
    }
  }, [applied])

  const tooLong = !isAcceptedText(draft)

  useEffect(() => {
    const next = draft.trim()
    if (tooLong || next === lastSent.current) return
    const timer = setTimeout(() => {
      lastSent.current = next
      onValueChangeRef.current(next === '' ? undefined : next)
    }, TEXT_FILTER_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, tooLong])

  const placeholder = config.placeholder ?? (hideLabel ? `Buscar por ${config.label}` : undefined)
  return (
    <FilterGroup label={config.label} labelFor={id} hideLabel={hideLabel}>
      <div className={hideLabel ? toolbarTextBoxClass : textBoxClass}>
        {hideLabel && (
          <span className={searchIconClass} aria-hidden>
            <SearchIcon size={16} />
          </span>
        )}
        <Input
          id={id}
          size="sm"
          type="search"
          value={draft}
          placeholder={placeholder}
          aria-label={hideLabel ? config.label : undefined}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? hintId : undefined}
          ps={hideLabel ? '8' : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      {tooLong && (
        <span id={hintId} className={errorClass} role="status">
          Debe tener menos de {TEXT_FILTER_MAX_LENGTH} caracteres: el filtro no se aplicó.
        </span>
      )}
    </FilterGroup>
  )
}

// The IDV filter sits in every Animales toolbar, server-rendered: classes computed once (decision 050).
const textBoxClass = css({ position: 'relative' })
const toolbarTextBoxClass = css({ position: 'relative', minW: '56' })
const searchIconClass = css({
  position: 'absolute',
  insetStart: '2.5',
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'fg.subtle',
  pointerEvents: 'none',
  display: 'flex',
})

// ---------------------------------------------------------------------------------------------
// Select and multi-select

function selectedValues(value: FilterValue | undefined): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value]
  if (Array.isArray(value)) return value
  return []
}

/**
 * A dropdown (spec 2): a button opening a list of options, with a search box when there are more
 * than 5 options, 'no disponible' while they load. Multi-select lists checkboxes, select radios.
 */
function OptionsFilter({ config, value, options, onValueChange, hideLabel }: FilterControlProps) {
  const multiple = config.type === 'multi-select'
  const labelId = useId()
  const selected = selectedValues(value)
  const [query, setQuery] = useState('')
  const choices = options ?? config.customOptions
  const showSearch = (choices?.length ?? 0) > DROPDOWN_SEARCH_THRESHOLD
  const visible = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase('es')
    if (!choices || !needle) return choices
    return choices.filter((option) => option.label.toLocaleLowerCase('es').includes(needle))
  }, [choices, query])

  const labels = selected.map((v) => choices?.find((option) => option.value === v)?.label ?? v)
  const summary =
    labels.length === 0
      ? (config.placeholder ?? 'Seleccionar')
      : labels.length <= 2
        ? labels.join(', ')
        : `${labels.length} seleccionados`

  function toggle(optionValue: string, checked: boolean) {
    if (multiple) {
      const next = checked ? [...selected, optionValue] : selected.filter((v) => v !== optionValue)
      onValueChange(next.length ? next : undefined)
    } else {
      onValueChange(checked ? optionValue : undefined)
    }
  }

  const name = useId()
  return (
    <FilterGroup label={config.label} hideLabel={hideLabel}>
      <Popover.Root
        lazyMount
        unmountOnExit
        // Fixed: the 'Filtros' popover's scrolling body would otherwise clip the list.
        positioning={{ placement: 'bottom-start', sameWidth: true, gutter: 4, strategy: 'fixed' }}
        onExitComplete={() => setQuery('')}
      >
        <Popover.Trigger asChild>
          <Button
            variant="outline"
            size="sm"
            justifyContent="space-between"
            fontWeight="normal"
            width="full"
            aria-label={`${config.label}: ${summary}`}
          >
            <styled.span truncate color={labels.length ? 'fg.default' : 'fg.subtle'}>
              {summary}
            </styled.span>
            <ChevronDownIcon aria-hidden />
          </Button>
        </Popover.Trigger>
        {/* Not portalled: the list stays inside the 'Filtros' popover, so choosing does not close it. */}
        <Popover.Positioner>
          <Popover.Content p="2" minW="48" maxW="sm" boxShadow="lg">
            {choices === undefined ? (
              <styled.p textStyle="sm" color="fg.muted" px="2" py="1.5">
                no disponible
              </styled.p>
            ) : (
              <Stack gap="1.5">
                {showSearch && (
                  <Input
                    size="sm"
                    type="search"
                    placeholder="Buscar..."
                    aria-label={`Buscar en ${config.label}`}
                    value={query}
                    onChange={(event) => setQuery(event.target.value)}
                  />
                )}
                <styled.div
                  role="group"
                  aria-labelledby={labelId}
                  maxH="64"
                  overflowY="auto"
                  display="flex"
                  flexDirection="column"
                >
                  <styled.span id={labelId} srOnly>
                    {config.label}
                  </styled.span>
                  {visible?.length === 0 && (
                    <styled.p textStyle="sm" color="fg.muted" px="2" py="1.5">
                      Sin coincidencias
                    </styled.p>
                  )}
                  {visible?.map((option, index) => {
                    const checked = selected.includes(option.value)
                    const inputId = `${name}-${index}`
                    return (
                      <styled.label
                        key={option.value}
                        htmlFor={inputId}
                        display="flex"
                        alignItems="center"
                        gap="2"
                        px="2"
                        py="1.5"
                        borderRadius="l1"
                        textStyle="sm"
                        cursor="pointer"
                        _hover={{ bg: 'gray.a3' }}
                      >
                        {multiple ? (
                          <Checkbox
                            id={inputId}
                            checked={checked}
                            onChange={(event) => toggle(option.value, event.target.checked)}
                          />
                        ) : (
                          <input
                            id={inputId}
                            type="radio"
                            name={name}
                            className={css({ width: '4', height: '4', accentColor: 'accent.default' })}
                            checked={checked}
                            onChange={() => toggle(option.value, true)}
                          />
                        )}
                        <styled.span flex="1">{option.label}</styled.span>
                        {checked && !multiple && <CheckIcon size={14} aria-hidden />}
                      </styled.label>
                    )
                  })}
                </styled.div>
                {selected.length > 0 && (
                  <Button
                    variant="ghost"
                    size="xs"
                    alignSelf="flex-end"
                    onClick={() => onValueChange(undefined)}
                  >
                    Limpiar selección
                  </Button>
                )}
              </Stack>
            )}
          </Popover.Content>
        </Popover.Positioner>
      </Popover.Root>
    </FilterGroup>
  )
}

// ---------------------------------------------------------------------------------------------
// Date range

/** Two of the app's date pickers, Desde and Hasta (yyyy-MM-dd on the wire); either may be empty. */
function DateRangeFilter({ config, value, onValueChange }: FilterControlProps) {
  const dates = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as DateRangeValue
  const fromId = useId()
  const toId = useId()

  function change(next: DateRangeValue) {
    const cleaned: DateRangeValue = {}
    if (next.from) cleaned.from = next.from
    if (next.to) cleaned.to = next.to
    onValueChange(cleaned.from || cleaned.to ? cleaned : undefined)
  }

  const inverted = Boolean(dates.from && dates.to && dates.from > dates.to)
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <legend className={labelClass}>{config.label}</legend>
      <HStack gap="2" mt="1.5">
        <Stack gap="1" flex="1">
          <label htmlFor={fromId} className={hintClass}>
            Desde
          </label>
          <DatePicker
            id={fromId}
            size="sm"
            inPlace
            min={MIN_DATE}
            max={dates.to || undefined}
            value={dates.from ?? ''}
            onValueChange={(from) => change({ ...dates, from })}
          />
        </Stack>
        <Stack gap="1" flex="1">
          <label htmlFor={toId} className={hintClass}>
            Hasta
          </label>
          <DatePicker
            id={toId}
            size="sm"
            inPlace
            min={dates.from || MIN_DATE}
            value={dates.to ?? ''}
            onValueChange={(to) => change({ ...dates, to })}
          />
        </Stack>
      </HStack>
      {inverted && <span className={errorClass}>La fecha Desde es posterior a Hasta.</span>}
    </fieldset>
  )
}

// ---------------------------------------------------------------------------------------------
// Numeric range

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return undefined
  const number = Number(trimmed)
  return Number.isFinite(number) ? number : Number.NaN
}

function rangeText(range: RangeValue | undefined, placeholder: string): string {
  if (!range || (range.min === undefined && range.max === undefined)) return placeholder
  const fmt = (n: number) => n.toLocaleString('es-AR')
  if (range.min !== undefined && range.max !== undefined) return `${fmt(range.min)} – ${fmt(range.max)}`
  if (range.min !== undefined) return `Desde ${fmt(range.min)}`
  return `Hasta ${fmt(range.max as number)}`
}

/**
 * A numeric range (spec 5): Desde and Hasta, empty meaning unbounded (placeholders Min / Max),
 * applied with 'Aplicar' and removed with 'Limpiar'.
 */
function RangeFilter({ config, value, onValueChange }: FilterControlProps) {
  const range = (value && typeof value === 'object' && !Array.isArray(value) ? value : undefined) as
    | RangeValue
    | undefined
  const [min, setMin] = useState(range?.min?.toString() ?? '')
  const [max, setMax] = useState(range?.max?.toString() ?? '')
  const minId = useId()
  const maxId = useId()
  const statusId = useId()

  // Cleared or changed from outside: show the applied bounds again.
  useEffect(() => {
    setMin(range?.min?.toString() ?? '')
    setMax(range?.max?.toString() ?? '')
  }, [range?.min, range?.max])

  const minNumber = parseNumber(min)
  const maxNumber = parseNumber(max)
  const notNumber = Number.isNaN(minNumber) || Number.isNaN(maxNumber)
  const inverted = !notNumber && minNumber !== undefined && maxNumber !== undefined && minNumber > maxNumber
  const error = notNumber
    ? 'Ingrese solo números.'
    : inverted
      ? 'Desde debe ser menor o igual que Hasta.'
      : null

  function apply() {
    if (error) return
    const next: RangeValue = {}
    if (minNumber !== undefined) next.min = minNumber
    if (maxNumber !== undefined) next.max = maxNumber
    onValueChange(next.min === undefined && next.max === undefined ? undefined : next)
  }

  function clear() {
    setMin('')
    setMax('')
    onValueChange(undefined)
  }

  const placeholder = config.placeholder ?? DEFAULT_RANGE_PLACEHOLDER
  return (
    <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <legend className={labelClass}>{config.label}</legend>
      <span id={statusId} className={hintClass}>
        {rangeText(range, placeholder)}
      </span>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          apply()
        }}
      >
        <HStack gap="2" alignItems="flex-end">
          <Stack gap="1" flex="1">
            <label htmlFor={minId} className={hintClass}>
              Desde
            </label>
            <Input
              id={minId}
              size="sm"
              type="number"
              inputMode="decimal"
              placeholder="Min"
              value={min}
              aria-invalid={Boolean(error) || undefined}
              onChange={(event) => setMin(event.target.value)}
            />
          </Stack>
          <Stack gap="1" flex="1">
            <label htmlFor={maxId} className={hintClass}>
              Hasta
            </label>
            <Input
              id={maxId}
              size="sm"
              type="number"
              inputMode="decimal"
              placeholder="Max"
              value={max}
              aria-invalid={Boolean(error) || undefined}
              onChange={(event) => setMax(event.target.value)}
            />
          </Stack>
        </HStack>
        {error && (
          <styled.span display="block" mt="1" className={errorClass} role="status">
            {error}
          </styled.span>
        )}
        <HStack gap="2" justify="flex-end" mt="2">
          <Button variant="ghost" size="xs" onClick={clear} aria-label={`Limpiar ${config.label}`}>
            Limpiar
          </Button>
          <Button
            type="submit"
            variant="subtle"
            size="xs"
            disabled={Boolean(error)}
            aria-label={`Aplicar ${config.label}`}
          >
            Aplicar
          </Button>
        </HStack>
      </form>
    </fieldset>
  )
}
