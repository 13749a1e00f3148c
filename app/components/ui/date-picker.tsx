import { DatePicker as ArkDatePicker, type DateValue, parseDate } from '@ark-ui/react/date-picker'
import { useFieldContext } from '@ark-ui/react/field'
import { Portal } from '@ark-ui/react/portal'
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { useId } from 'react'
import { css, cx } from 'styled-system/css'
import { datePicker, input } from 'styled-system/recipes'
import { isCalendarDate } from '~/lib/record-rules'

/** What the field shows while empty: the Argentine order, in Spanish. */
export const DATE_PLACEHOLDER = 'dd/mm/aaaa'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A day as the field shows it: 'dd/mm/aaaa'. */
export function formatDayText(date: Pick<DateValue, 'day' | 'month' | 'year'>) {
  return `${pad(date.day)}/${pad(date.month)}/${pad(date.year, 4)}`
}

/**
 * A typed day, read the Argentine way (day first): '5/3/2026', '05/03/2026', '05-03-2026',
 * '05.03.2026' or '05032026'. A two-digit year is of this century. Undefined when it is no calendar day.
 */
export function parseDayText(text: string): string | undefined {
  const trimmed = text.trim()
  const parts =
    /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed)
  if (!parts) return undefined
  const [, day, month, rawYear] = parts as unknown as [string, string, string, string]
  const year = rawYear.length === 2 ? `20${rawYear}` : rawYear
  const iso = `${year}-${pad(Number(month))}-${pad(Number(day))}`
  return isCalendarDate(iso) ? iso : undefined
}

const VIEW_NAMES = { day: 'mes', month: 'año', year: 'década' } as const

/** Ark's labels are English by default: the calendar's own, in Spanish. */
const TRANSLATIONS: ArkDatePicker.RootProps['translations'] = {
  dayCell: (state) =>
    `${state.selected ? 'Elegido: ' : 'Elegir '}${state.valueText}${state.today ? ' (hoy)' : ''}${state.unavailable ? ', no disponible' : ''}`,
  trigger: (open) => (open ? 'Cerrar calendario' : 'Abrir calendario'),
  prevTrigger: (view) => `${VIEW_NAMES[view]} anterior`,
  nextTrigger: (view) => `${VIEW_NAMES[view]} siguiente`,
  viewTrigger: (view) => (view === 'day' ? 'Elegir mes' : view === 'month' ? 'Elegir año' : 'Elegir década'),
  monthSelect: 'Mes',
  yearSelect: 'Año',
  clearTrigger: 'Borrar fecha',
  content: 'Calendario',
  placeholder: () => ({ day: 'dd', month: 'mm', year: 'aaaa' }),
}

const toDateValue = (iso: string | undefined) => (iso && isCalendarDate(iso) ? parseDate(iso) : undefined)

export interface DatePickerProps {
  /** The day as the wire writes it, 'yyyy-MM-dd', or '' for none. */
  value: string
  onValueChange: (value: string) => void
  onBlur?: () => void
  /** Earliest and latest day that may be chosen ('yyyy-MM-dd'). */
  min?: string
  max?: string
  /** The input's id: a `<label htmlFor>` outside a Field names it. Inside a Field, the Field's id is used. */
  id?: string
  name?: string
  size?: 'sm' | 'md' | 'lg'
  disabled?: boolean
  readOnly?: boolean
  invalid?: boolean
  /**
   * Render the calendar in place instead of in a portal: inside a popover (the 'Filtros' panel) a
   * portalled calendar would count as a click outside it and close it.
   */
  inPlace?: boolean
}

/**
 * The one date field of the app (issue 16): Ark UI's date picker in es-AR, so every browser shows and
 * takes 'dd/mm/aaaa' whatever its own language (a native `type="date"` follows the browser's locale).
 * The day can be typed (read on Enter or when leaving the field) or chosen in the calendar; the value
 * stays 'yyyy-MM-dd' as the wire wants it. Inside a `Field.Root` it takes the field's id, so the
 * field's label, helper and error text describe it.
 */
export function DatePicker({
  value,
  onValueChange,
  onBlur,
  min,
  max,
  id,
  name,
  size = 'md',
  disabled,
  readOnly,
  invalid,
  inPlace = false,
}: DatePickerProps) {
  const field = useFieldContext()
  const ownId = useId()
  const inputId = field?.ids.control ?? id ?? ownId
  const current = toDateValue(value)
  const styles = datePicker()
  return (
    <ArkDatePicker.Root
      locale="es-AR"
      timeZone="America/Argentina/Buenos_Aires"
      startOfWeek={1}
      translations={TRANSLATIONS}
      value={current ? [current] : []}
      onValueChange={(details) => onValueChange(details.value[0]?.toString() ?? '')}
      min={toDateValue(min)}
      max={toDateValue(max)}
      format={(date) => formatDayText(date)}
      parse={(text) => toDateValue(parseDayText(text))}
      placeholder={DATE_PLACEHOLDER}
      name={name}
      disabled={disabled ?? field?.disabled}
      readOnly={readOnly ?? field?.readOnly}
      required={field?.required}
      ids={{ input: () => inputId, label: () => field?.ids.label ?? `${inputId}-label` }}
      positioning={{ placement: 'bottom-start', strategy: inPlace ? 'fixed' : 'absolute' }}
      lazyMount
      unmountOnExit
      className={styles.root}
    >
      <ArkDatePicker.Control className={cx(styles.control, css({ position: 'relative' }))}>
        <ArkDatePicker.Input
          className={cx(input({ size }), css({ pe: '10' }))}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={(invalid ?? field?.invalid) ? true : undefined}
          aria-describedby={field?.ariaDescribedby}
          onBlur={onBlur}
        />
        <ArkDatePicker.Trigger
          className={css({
            position: 'absolute',
            insetY: '0',
            right: '0',
            px: '3',
            display: 'flex',
            alignItems: 'center',
            color: 'fg.muted',
            cursor: 'pointer',
            _hover: { color: 'fg.default' },
            _disabled: { cursor: 'not-allowed' },
          })}
        >
          <CalendarIcon size={16} aria-hidden />
        </ArkDatePicker.Trigger>
      </ArkDatePicker.Control>
      <Portal disabled={inPlace}>
        <ArkDatePicker.Positioner className={styles.positioner}>
          {/* At most the screen's width: usable on a 390 px phone. */}
          <ArkDatePicker.Content className={cx(styles.content, css({ maxW: 'calc(100vw - 2rem)' }))}>
            <DayView styles={styles} />
            <GridView view="month" styles={styles} />
            <GridView view="year" styles={styles} />
          </ArkDatePicker.Content>
        </ArkDatePicker.Positioner>
      </Portal>
    </ArkDatePicker.Root>
  )
}

type Styles = ReturnType<typeof datePicker>

const navButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '9',
  h: '9',
  px: '2',
  borderRadius: 'l2',
  cursor: 'pointer',
  fontWeight: 'semibold',
  _hover: { bg: 'bg.muted' },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
})

const cellButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minH: '9',
  borderRadius: 'l2',
  cursor: 'pointer',
  textStyle: 'sm',
  _hover: { bg: 'bg.muted' },
  _selected: {
    bg: 'colorPalette.default',
    color: 'colorPalette.fg',
    _hover: { bg: 'colorPalette.emphasized' },
  },
  _disabled: { opacity: 0.4, cursor: 'not-allowed' },
  '&[data-outside-range]': { color: 'fg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.default', outlineOffset: '1px' },
})

function ViewControl({ styles }: { styles: Styles }) {
  return (
    <ArkDatePicker.ViewControl className={styles.viewControl}>
      <ArkDatePicker.PrevTrigger className={navButton}>
        <ChevronLeftIcon size={16} aria-hidden />
      </ArkDatePicker.PrevTrigger>
      <ArkDatePicker.ViewTrigger className={navButton}>
        <ArkDatePicker.RangeText className={css({ textTransform: 'capitalize' })} />
      </ArkDatePicker.ViewTrigger>
      <ArkDatePicker.NextTrigger className={navButton}>
        <ChevronRightIcon size={16} aria-hidden />
      </ArkDatePicker.NextTrigger>
    </ArkDatePicker.ViewControl>
  )
}

function DayView({ styles }: { styles: Styles }) {
  return (
    <ArkDatePicker.View view="day">
      <ArkDatePicker.Context>
        {(api) => (
          <>
            <ViewControl styles={styles} />
            <ArkDatePicker.Table className={styles.table}>
              <ArkDatePicker.TableHead>
                <ArkDatePicker.TableRow>
                  {api.weekDays.map((day) => (
                    <ArkDatePicker.TableHeader key={day.long} className={styles.tableHeader} abbr={day.long}>
                      {day.narrow}
                    </ArkDatePicker.TableHeader>
                  ))}
                </ArkDatePicker.TableRow>
              </ArkDatePicker.TableHead>
              <ArkDatePicker.TableBody>
                {api.weeks.map((week) => (
                  <ArkDatePicker.TableRow key={week[0]?.toString()}>
                    {week.map((day) => (
                      <ArkDatePicker.TableCell key={day.toString()} value={day} className={styles.tableCell}>
                        <ArkDatePicker.TableCellTrigger className={cx(cellButton, css({ w: 'full' }))}>
                          {day.day}
                        </ArkDatePicker.TableCellTrigger>
                      </ArkDatePicker.TableCell>
                    ))}
                  </ArkDatePicker.TableRow>
                ))}
              </ArkDatePicker.TableBody>
            </ArkDatePicker.Table>
          </>
        )}
      </ArkDatePicker.Context>
    </ArkDatePicker.View>
  )
}

function GridView({ view, styles }: { view: 'month' | 'year'; styles: Styles }) {
  return (
    <ArkDatePicker.View view={view}>
      <ArkDatePicker.Context>
        {(api) => {
          const rows =
            view === 'month'
              ? api.getMonthsGrid({ columns: 4, format: 'short' })
              : api.getYearsGrid({ columns: 4 })
          return (
            <>
              <ViewControl styles={styles} />
              <ArkDatePicker.Table className={styles.table}>
                <ArkDatePicker.TableBody>
                  {rows.map((row) => (
                    <ArkDatePicker.TableRow key={row[0]?.label}>
                      {row.map((cell) => (
                        <ArkDatePicker.TableCell
                          key={cell.label}
                          value={cell.value}
                          className={styles.tableCell}
                        >
                          <ArkDatePicker.TableCellTrigger className={cx(cellButton, css({ w: 'full' }))}>
                            {cell.label}
                          </ArkDatePicker.TableCellTrigger>
                        </ArkDatePicker.TableCell>
                      ))}
                    </ArkDatePicker.TableRow>
                  ))}
                </ArkDatePicker.TableBody>
              </ArkDatePicker.Table>
            </>
          )
        }}
      </ArkDatePicker.Context>
    </ArkDatePicker.View>
  )
}
