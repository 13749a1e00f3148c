import { lazy, Suspense } from 'react'
import type { DatePickerProps } from './date-picker'
import { Input } from './input'

const DatePicker = lazy(() => import('./date-picker').then((module) => ({ default: module.DatePicker })))

/**
 * `DatePicker` whose code (Ark's date picker and its date library) loads with the first date field
 * shown, not with every page that could show one: a form or a filter panel without dates never
 * loads it (JavaScript budgets, decision 026). Until it arrives, a disabled field says 'Cargando...'
 * where the date goes.
 */
export function LazyDatePicker(props: DatePickerProps) {
  return (
    <Suspense
      fallback={<Input id={props.id} size={props.size} disabled placeholder="Cargando..." aria-busy="true" />}
    >
      <DatePicker {...props} />
    </Suspense>
  )
}
