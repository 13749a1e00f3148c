import { formatDate } from '~/lib/format'

/** What an animal's check-out says: set when it left the herd (sold, slaughtered, dead, moved, lost). */
export interface Departure {
  check_out_type_description?: string | null
  check_out_date?: string | null
}

/**
 * An animal that left the herd (decision 018): its record is history. The app shows it marked and
 * offers no edit, delete, move, alert or new event for it.
 */
export function hasLeftHerd(animal: Departure) {
  return Boolean(animal.check_out_date)
}

/** The mark of an animal that left the herd: 'Baja: Venta el 01/03/2026' (the spec's check-out types). */
export function departureText(animal: Departure) {
  if (!animal.check_out_date) return ''
  const type = animal.check_out_type_description ? `: ${animal.check_out_type_description}` : ''
  return `Baja${type} el ${formatDate(animal.check_out_date)}`
}
