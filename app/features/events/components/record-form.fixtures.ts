import type { AnimalListRow } from '~/features/animals/animals.schema'
import type { SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import type { RecordLookups, RecordServices } from './event-record-form'

/**
 * Example data for the record forms' stories and component tests: an establishment's lookups, its
 * sessions, and services that answer like the provider (with a short delay) but keep everything in
 * memory.
 */
export const exampleLookups: RecordLookups = {
  bulls: [
    { value: 1, label: 'Itatí 880' },
    { value: 2, label: 'Capitán 1417' },
  ],
  inseminators: [
    { value: 1, label: 'Walter Romero' },
    { value: 2, label: 'Gisela Cabral' },
  ],
  pregnancyCheckDetails: ['Cabeza', 'Cuerpo', 'Cola', 'Vacia', 'IA', 'Embrión'].map((label, i) => ({
    value: i + 1,
    label,
  })),
  reproductiveGrades: ['1', '2', '3', '4'].map((label, i) => ({ value: i + 1, label })),
  ovarianStatuses: ['Anestro sup', 'Anestro prof', 'Ciclando', 'No apta', 'Preñada'].map((label, i) => ({
    value: i + 1,
    label,
  })),
  weighingTimes: ['Nacimiento', 'Destete', 'Control', 'Venta'].map((label, i) => ({ value: i + 1, label })),
}

export const exampleSessions: SessionHeader[] = [
  { id: 31, name: 'Pesada destete 2026' },
  { id: 30, name: 'Pesada control otoño' },
]

const base: AnimalListRow = {
  animal_id: '6f1c1d2e-0000-4000-8000-000000000001',
  visual_tag: '1201',
  electronic_tag: '032308802798427',
  current_status: null,
  breed: { id: 1, description: 'Angus' },
  color: { id: 1, description: 'negro' },
  check_in_type: null,
  category: { id: 1, description: 'Vaca' },
  rodeo: { id: 4, description: 'Rodeo General' },
  gender: { id: 2, description: 'Hembra' },
  birth_type: null,
  check_in_date: null,
  check_out_id: null,
  check_out_type_description: null,
  check_out_date: null,
  origin: null,
  date_of_birth: '2019-08-10 00:00:00',
  alerts: [],
  sync_at: null,
  weight_at_birth: 32,
  bull_id: null,
  bull_alias: null,
  service_date: null,
  father_id: null,
  father_alias: null,
  mother_id: null,
  mother_visual_tag: null,
  donor_mother_id: null,
  last_weight_id: 9001,
  last_weight: 412.5,
  last_weight_read_at: '2026-05-14 09:12:00',
  last_weighing_time: { id: 3, description: 'Control' },
  last_body_condition: null,
  last_pregnancy_check: { id: 77, description: 'Cabeza', read_at: '2026-03-12 00:00:00' },
  last_preservice_id: null,
  reproductive_grade: null,
  ovarian_status: null,
  last_preservice_read_at: null,
  last_artificial_insemination: null,
  age: 2660,
  days_since_first_weight: 2400,
  days_since_previous_weight: 180,
  GDPV: 0.21,
  GDPVital: 0.148,
}

/** Three animals of the example herd: one with alerts, one never weighed. */
export const exampleAnimals: AnimalListRow[] = [
  base,
  {
    ...base,
    animal_id: '6f1c1d2e-0000-4000-8000-000000000002',
    visual_tag: '1202',
    electronic_tag: '032308802798430',
    alerts: [
      { id: 5, description: 'Revisar pezuña' },
      { id: 6, description: 'Vender' },
    ],
  },
  {
    ...base,
    animal_id: '6f1c1d2e-0000-4000-8000-000000000003',
    visual_tag: '2401',
    electronic_tag: null,
    category: { id: 6, description: 'Ternera' },
    last_weight: null,
    last_weight_read_at: null,
    last_pregnancy_check: null,
  },
]

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Services over the example herd: a tag is an IDV or the RFID (14 or 16 digits repaired, as the
 * server does); an animal already recorded in session 31 is 1201.
 */
export function exampleServices(overrides: Partial<RecordServices> = {}, delay = 150): RecordServices {
  const recorded = new Map<number, Set<string>>([[31, new Set([base.animal_id])]])
  return {
    sessions: exampleSessions,
    findAnimal: async (tag) => {
      await wait(delay)
      const digits = tag.replace(/\s+/g, '')
      const rfid = /^\d{14}$/.test(digits)
        ? `0${digits}`
        : /^0\d{15}$/.test(digits)
          ? digits.slice(1)
          : digits
      return (
        exampleAnimals.find(
          (animal) =>
            animal.visual_tag.toLowerCase() === tag.trim().toLowerCase() || animal.electronic_tag === rfid,
        ) ?? null
      )
    },
    countAnimalInSession: async (sessionId, animalId) => {
      await wait(delay)
      return recorded.get(sessionId)?.has(animalId) ? 1 : 0
    },
    countSessionAnimals: async (sessionId) => {
      await wait(delay)
      return recorded.get(sessionId)?.size ?? 0
    },
    create: async (write) => {
      await wait(delay)
      const sessionId = write.body.cattle_handling_id
      recorded.set(sessionId, new Set([...(recorded.get(sessionId) ?? []), write.body.animal_id]))
      return { ok: true }
    },
    update: async () => {
      await wait(delay)
      return { ok: true }
    },
    createSession: async (body) => {
      await wait(delay)
      return {
        ok: true,
        session: {
          id: 99,
          establishment_id: body.establishmentId,
          name: body.name,
          description: body.description,
          activity_date: `${body.activityDate} 00:00:00`,
          cattle_handling_work: body.cattle_handling_work,
          events: 0,
          animals: 0,
          version: 1,
        },
      }
    },
    ...overrides,
  }
}
