import { useHydrated } from '@tanstack/react-router'
import { EyeIcon, EyeOffIcon } from 'lucide-react'
import {
  type ComponentProps,
  createContext,
  type HTMLAttributes,
  type KeyboardEventHandler,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useState,
} from 'react'
import { Box, HStack, styled } from 'styled-system/jsx'
import { Button, type ButtonProps } from '~/components/ui/button'
// Loaded with the first date field shown: the login form has none (decision 026).
import { LazyDatePicker as DatePicker } from '~/components/ui/date-picker-lazy'
import * as Field from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { useFieldContext, useFormContext } from './contexts'
import { type FieldChromeProps, FieldChrome as FieldChromeView } from './field-chrome'
import { visibleError } from './validation'

/** Label, control and messages of one bound field; the error shows once the field was left or submitted. */
function FieldChrome(props: FieldChromeProps & { children: ReactNode }) {
  const field = useFieldContext<unknown>()
  return <FieldChromeView {...props} error={visibleError(field)} />
}

export interface TextFieldProps extends FieldChromeProps {
  placeholder?: string
  type?: 'text' | 'email' | 'password' | 'search'
  autoComplete?: string
  autoFocus?: boolean
  maxLength?: number
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
  /**
   * Digits only, with the numeric keypad on phones: for numbers that are identifiers (an RFID keeps
   * its leading zeros, so it is text, never a number).
   */
  digitsOnly?: boolean
  inputRef?: Ref<HTMLInputElement>
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>
}

/** A text field bound to a string value of the form. */
export function TextField({
  placeholder,
  type = 'text',
  autoComplete,
  autoFocus,
  maxLength,
  inputMode,
  digitsOnly = false,
  inputRef,
  onKeyDown,
  ...chrome
}: TextFieldProps) {
  const field = useFieldContext<string>()
  return (
    <FieldChrome {...chrome}>
      <Field.Input
        ref={inputRef}
        name={field.name}
        type={type}
        value={field.state.value ?? ''}
        placeholder={placeholder}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        maxLength={maxLength}
        inputMode={digitsOnly ? 'numeric' : inputMode}
        onChange={(event) =>
          field.handleChange(digitsOnly ? event.target.value.replace(/\D/g, '') : event.target.value)
        }
        onBlur={field.handleBlur}
        onKeyDown={onKeyDown}
      />
    </FieldChrome>
  )
}

export interface PasswordFieldProps extends FieldChromeProps {
  autoComplete: 'current-password' | 'new-password'
}

/** A password bound to a string value, with a button that shows what was typed. */
export function PasswordField({ autoComplete, ...chrome }: PasswordFieldProps) {
  const field = useFieldContext<string>()
  const [visible, setVisible] = useState(false)
  const toggleLabel = visible ? 'Ocultar contraseña' : 'Mostrar contraseña'
  return (
    <FieldChrome {...chrome}>
      <Box position="relative">
        <Field.Input
          type={visible ? 'text' : 'password'}
          name={field.name}
          autoComplete={autoComplete}
          value={field.state.value ?? ''}
          onChange={(event) => field.handleChange(event.target.value)}
          onBlur={field.handleBlur}
          pe="10"
        />
        <Button
          variant="ghost"
          size="xs"
          px="0"
          aspectRatio="square"
          position="absolute"
          top="50%"
          right="1.5"
          transform="translateY(-50%)"
          color="fg.muted"
          aria-label={toggleLabel}
          title={toggleLabel}
          aria-pressed={visible}
          disabled={chrome.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </Box>
    </FieldChrome>
  )
}

export interface TextareaFieldProps extends FieldChromeProps {
  placeholder?: string
  rows?: number
  maxLength?: number
}

/** A multi-line text field bound to a string value. */
export function TextareaField({ placeholder, rows = 3, maxLength, ...chrome }: TextareaFieldProps) {
  const field = useFieldContext<string>()
  return (
    <FieldChrome {...chrome}>
      <Field.Textarea
        name={field.name}
        value={field.state.value ?? ''}
        placeholder={placeholder}
        rows={rows}
        maxLength={maxLength}
        onChange={(event) => field.handleChange(event.target.value)}
        onBlur={field.handleBlur}
      />
    </FieldChrome>
  )
}

export interface NumberFieldProps extends FieldChromeProps {
  placeholder?: string
  /** Step of the arrows and of valid values, e.g. 0.1 for kilograms. */
  step?: number
  min?: number
  max?: number
}

/** Parses what a person types as a number: a decimal comma is accepted (es-AR), empty is null. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : Number.NaN
}

/**
 * A number field bound to `number | null` (empty is null). Typed as text with a decimal keypad, so
 * '350,5' works as a person writes it in Argentina; anything unreadable becomes NaN for the schema
 * to reject with its own message.
 */
export function NumberField({ placeholder, step, min, max, ...chrome }: NumberFieldProps) {
  const field = useFieldContext<number | null>()
  const value = field.state.value ?? null
  // The text as typed: '350,' must stay on screen while it means 350.
  const [text, setText] = useState(formatDecimal(value))
  useEffect(() => {
    // Only a value set from outside (a reset, a kept value in chute mode) rewrites the text.
    if (!sameNumber(parseDecimal(text), value)) setText(formatDecimal(value))
  }, [value, text])
  return (
    <FieldChrome {...chrome}>
      <Field.Input
        name={field.name}
        inputMode="decimal"
        value={text}
        placeholder={placeholder}
        step={step}
        min={min}
        max={max}
        onChange={(event) => {
          setText(event.target.value)
          field.handleChange(parseDecimal(event.target.value))
        }}
        onBlur={field.handleBlur}
      />
    </FieldChrome>
  )
}

function formatDecimal(value: number | null) {
  return value === null || Number.isNaN(value) ? '' : String(value).replace('.', ',')
}

function sameNumber(a: number | null, b: number | null) {
  if (a === null || b === null) return a === b
  return a === b || (Number.isNaN(a) && Number.isNaN(b))
}

export interface SelectOption<V extends string | number = string | number> {
  value: V
  label: string
}

export interface SelectFieldProps extends FieldChromeProps {
  options: readonly SelectOption[]
  /** The empty choice's text, e.g. 'Seleccione una categoría'; also what a lookup not loaded reads. */
  placeholder?: string
  /** Allow choosing nothing again once something was chosen (default true). */
  clearable?: boolean
}

/**
 * A native select bound to the option's own value (a lookup id stays a number) or null for none.
 * Lookups not yet loaded read 'no disponible' (spec section 3).
 */
export function SelectField({
  options,
  placeholder = 'Seleccione',
  clearable = true,
  ...chrome
}: SelectFieldProps) {
  const field = useFieldContext<string | number | null>()
  const current = field.state.value
  const loading = options.length === 0
  return (
    <FieldChrome {...chrome}>
      <Field.Select
        name={field.name}
        value={current === null || current === undefined ? '' : String(current)}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value)
          field.handleChange(chosen ? chosen.value : null)
        }}
        onBlur={field.handleBlur}
      >
        <option value="" disabled={!clearable && current !== null && current !== undefined}>
          {loading ? 'no disponible' : placeholder}
        </option>
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </Field.Select>
    </FieldChrome>
  )
}

export interface DateFieldProps extends FieldChromeProps {
  /** Date and time ('YYYY-MM-DD HH:mm:ss') instead of a date ('YYYY-MM-DD'). */
  withTime?: boolean
  /** Bounds as 'YYYY-MM-DD' (e.g. MIN_RECORD_DATE and farmToday() from ~/lib/record-rules). */
  min?: string
  max?: string
}

/**
 * A date (or date and time) bound to the farm's wall-clock text the API and the database use:
 * 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'; '' when empty. The day is the app's es-AR date picker
 * (dd/mm/aaaa, typed or chosen); the time, when asked for, a 24-hour 'hh:mm' typed beside it (a
 * native time input would follow the browser's locale too). A day without a time is at 00:00.
 */
export function DateField({ withTime = false, min, max, ...chrome }: DateFieldProps) {
  const field = useFieldContext<string>()
  const value = field.state.value ?? ''
  const day = value.slice(0, 10)
  const time = withTime ? value.slice(11, 16) : ''
  const write = (nextDay: string, nextTime: string) => {
    if (!nextDay) return field.handleChange('')
    field.handleChange(withTime ? `${nextDay} ${nextTime || '00:00'}:00` : nextDay)
  }
  const picker = (
    <DatePicker
      name={field.name}
      value={day}
      min={min}
      max={max}
      onValueChange={(next) => write(next, time)}
      onBlur={field.handleBlur}
    />
  )
  return (
    <FieldChrome {...chrome}>
      {withTime ? (
        <HStack gap="2" alignItems="flex-start">
          <Box flex="1" minW="0">
            {picker}
          </Box>
          <TimeInput value={time} disabled={!day} onValueChange={(next) => write(day, next)} />
        </HStack>
      ) : (
        picker
      )}
    </FieldChrome>
  )
}

/** 'hh:mm' (24 hours) typed; read when the field is left. '' while empty or unreadable. */
export function parseTimeText(text: string): string | undefined {
  const parts = /^(\d{1,2})(?::?(\d{2}))?$/.exec(text.trim())
  if (!parts) return undefined
  const hours = Number(parts[1])
  const minutes = Number(parts[2] ?? '0')
  if (hours > 23 || minutes > 59) return undefined
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

function TimeInput({
  value,
  disabled,
  onValueChange,
}: {
  value: string
  disabled: boolean
  onValueChange: (value: string) => void
}) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  return (
    <Input
      aria-label="Hora (hh:mm)"
      placeholder="hh:mm"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      width="24"
      disabled={disabled}
      value={text}
      onChange={(event) => setText(event.target.value)}
      // Typing replaces the shown time (00:00 once a day is chosen).
      onFocus={(event) => event.target.select()}
      onBlur={() => {
        const parsed = parseTimeText(text)
        if (parsed === undefined) setText(value)
        else if (parsed !== value) onValueChange(parsed)
      }}
    />
  )
}

export interface ChooserFieldProps extends FieldChromeProps {
  /** How the chosen value reads (e.g. the mother's IDV); shown read-only. */
  display: string | null
  /** Opens whatever chooses the value (a picker dialog); it sets the field with `setFieldValue`. */
  onChoose: () => void
  /** Shown while nothing is chosen (default 'Sin elegir'). */
  placeholder?: string
  chooseLabel?: string
  /** 'Quitar' empties the field; pass false to keep a value once chosen. */
  clearable?: boolean
}

/**
 * A value chosen elsewhere (a picker dialog over a large list) rather than typed: the choice reads
 * as text, with 'Elegir' to open the chooser and 'Quitar' to empty it. Bound to `string | null`.
 */
export function ChooserField({
  display,
  onChoose,
  placeholder = 'Sin elegir',
  chooseLabel = 'Elegir',
  clearable = true,
  ...chrome
}: ChooserFieldProps) {
  const field = useFieldContext<string | null>()
  const chosen = field.state.value !== null && field.state.value !== undefined && field.state.value !== ''
  return (
    <FieldChrome {...chrome}>
      <HStack gap="2">
        <Field.Input
          name={field.name}
          readOnly
          value={chosen ? (display ?? field.state.value ?? '') : ''}
          placeholder={placeholder}
          onBlur={field.handleBlur}
          onClick={onChoose}
          cursor="pointer"
        />
        <Button type="button" variant="outline" size="md" disabled={chrome.disabled} onClick={onChoose}>
          {chooseLabel}
        </Button>
        {clearable && chosen ? (
          <Button
            type="button"
            variant="ghost"
            size="md"
            disabled={chrome.disabled}
            onClick={() => field.handleChange(null)}
          >
            Quitar
          </Button>
        ) : null}
      </HStack>
    </FieldChrome>
  )
}

export interface FormProps
  extends Omit<ComponentProps<typeof styled.form>, 'onSubmit' | 'noValidate' | 'method'> {
  /**
   * Where the browser itself posts the form when the page's scripts are not running (not loaded
   * yet, or off): a POST handler of that page that does what `onSubmit` does (decision 014). Forms
   * that carry a secret must have one.
   */
  action?: string
}

/** Whether the enclosing form also works as a plain HTML form (it has an `action`). */
const NativeFormContext = createContext(false)

/**
 * The `<form>` element of an app form (inside `form.AppForm`): submitting runs the form's own
 * validation and `onSubmit`, never the browser's (its untranslated bubbles would interrupt the
 * Spanish messages of the schema). Always a POST: a form submitted before hydration must never put
 * its fields (a password) in the address.
 */
export function Form({ children, action, ...rest }: FormProps) {
  const form = useFormContext()
  return (
    <styled.form
      {...rest}
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void form.handleSubmit()
      }}
    >
      <NativeFormContext.Provider value={action !== undefined}>{children}</NativeFormContext.Provider>
    </styled.form>
  )
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'loading'> {
  /** Enabled with the form as it was opened (default false: spec section 2, "disabled until changed"). */
  allowUnchanged?: boolean
}

/**
 * The form's submit: disabled until the form differs from how it opened, 'Enviando...' while busy.
 * A form with an `action` keeps it enabled until the page hydrates: until then the browser submits
 * it, and nothing can tell whether it changed.
 */
export function SubmitButton({
  allowUnchanged = false,
  loadingText = 'Enviando...',
  disabled,
  children,
  ...rest
}: SubmitButtonProps) {
  const form = useFormContext()
  const native = useContext(NativeFormContext)
  const hydrated = useHydrated()
  return (
    <form.Subscribe selector={(state) => [state.isSubmitting, state.isDefaultValue] as const}>
      {([isSubmitting, isDefaultValue]) => (
        <Button
          {...rest}
          type="submit"
          loading={isSubmitting}
          loadingText={loadingText}
          disabled={disabled || (!allowUnchanged && isDefaultValue && (hydrated || !native))}
        >
          {children}
        </Button>
      )}
    </form.Subscribe>
  )
}
