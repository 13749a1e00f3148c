import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADAPTER_LOG_MESSAGE, adaptEventPage } from './events.adapter'
import type { PregnancyCheckRow, WeighingRow } from './events-list.schema'

const common = {
  animal_id: '6f1c1d2e-0000-4000-8000-000000000001',
  visible_tag: '1201',
  electronic_tag: null,
  category: { id: 1, description: 'Vaca' },
  current_rodeo: null,
  date_of_birth: null,
  age: null,
  notes: [],
  order: 1,
  body_condition: null,
  cattle_handling_id: 4,
  cattle_handling_name: 'Pesada marzo',
  alerts: [],
  version: 1,
}
const weighing: WeighingRow = {
  ...common,
  weighing_id: 9,
  cattle_handling_date: '2025-03-10 00:00:00',
  weighing_time_id: null,
  weighing_time_description: null,
  current_weight: 250,
  current_weight_date: '2025-03-10 08:30:00',
  weight_at_birth: null,
  GDPV: null,
  first_weight: 250,
  previous_weight: null,
  days_since_previous_weight: null,
  days_since_first_weight: 0,
  GDPVital: null,
}
const check: PregnancyCheckRow = {
  ...common,
  pregnancy_check_id: 3,
  pregnancy_check_date: '2025-06-01 00:00:00',
  pregnancy_check_detail: { id: 1, description: 'Cabeza' },
  is_ultrasound_scan: 1,
  animalTypeId: 1,
}
const meta = { current_page: 1, per_page: 50, total: 1, last_page: 1, from: 1, to: 1 }
const links = { first: 'http://proveedor.interno/x?page=1', last: 'x', prev: null, next: null }

describe('event page adapter', () => {
  afterEach(() => vi.restoreAllMocks())

  it('answers the rows of the kind asked for, without the provider’s links', () => {
    expect(adaptEventPage('weighing', { data: [weighing], meta, links })).toEqual({ data: [weighing], meta })
    expect(adaptEventPage('pregnancy-check', { data: [check], meta, links })).toEqual({ data: [check], meta })
  })

  it('logs "Data format not recognized in adapter" and fails for rows of another shape', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => adaptEventPage('artificial-insemination', { data: [weighing], meta, links })).toThrow(
      'No se pudo obtener la lista de inseminaciones',
    )
    expect(log).toHaveBeenCalledWith(
      ADAPTER_LOG_MESSAGE,
      expect.objectContaining({ kind: 'artificial-insemination' }),
    )
    expect(ADAPTER_LOG_MESSAGE).toBe('Data format not recognized in adapter')
    expect(() => adaptEventPage('weighing', { data: 'nada', meta })).toThrow(
      'No se pudo obtener la lista de pesadas',
    )
  })
})
