import type {
  AnimalDetail,
  AnimalEvent,
  AnimalPickerQueryInput,
  PickerAnimal,
} from '~/features/animals/animal-record.schema'
import type { AnimalFormLookups } from '~/features/animals/components/animal-form'

/** Lookups of a typical establishment, for the animal stories. */
export const animalLookups: AnimalFormLookups = {
  categories: ['Vaca', 'Ternero', 'Toro', 'Ternera', 'Vaq 1 serv'].map((label, i) => ({
    value: i + 1,
    label,
  })),
  breeds: ['Angus', 'Hereford', 'Brangus', 'Braford'].map((label, i) => ({ value: i + 1, label })),
  colors: ['negro', 'colorado', 'otro'].map((label, i) => ({ value: i + 1, label })),
  sexes: [
    { value: 1, label: 'Macho' },
    { value: 2, label: 'Hembra' },
  ],
  birthTypes: ['Normal', 'Asistido', 'Cesárea', 'Mellizo'].map((label, i) => ({ value: i + 1, label })),
  checkInTypes: ['Nacimiento', 'Compra', 'Traslado'].map((label, i) => ({ value: i + 1, label })),
  rodeos: [
    { value: 10, label: 'Rodeo General' },
    { value: 11, label: 'Vaquillonas' },
    { value: 12, label: 'Recría' },
  ],
  bulls: [
    { value: 5, label: 'Itatí 880' },
    { value: 6, label: 'Guaraní TE 61' },
  ],
}

/** 95 females, tags 13001…, as the picker list answers them. */
export const herdFemales: PickerAnimal[] = Array.from({ length: 95 }, (_, i) => ({
  uuid: `6f1c1d2e-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  caravana_visual: String(13001 + i),
  caravana_electronica: i % 4 === 3 ? null : `0323088027${String(98317 + i * 3).padStart(5, '0')}`,
}))

/** A picker list served from `herdFemales`, prefix-filtered and paged like the API, after `ms`. */
export function fakePickerSource(ms = 300, animals = herdFemales) {
  return async (query: AnimalPickerQueryInput) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    const idv = query.visual_tag?.toLowerCase() ?? ''
    const rfid = query.electronic_tag ?? ''
    const matching = animals.filter(
      (a) =>
        a.uuid !== query.exclude &&
        a.caravana_visual.toLowerCase().startsWith(idv) &&
        (a.caravana_electronica ?? '').startsWith(rfid),
    )
    const page = Number(query.page ?? 1)
    const perPage = Number(query.perPage ?? 10)
    return {
      data: matching.slice((page - 1) * perPage, page * perPage),
      meta: {
        current_page: page,
        per_page: perPage,
        total: matching.length,
        last_page: Math.max(1, Math.ceil(matching.length / perPage)),
      },
    }
  }
}

export const cow: AnimalDetail = {
  animal_id: '6f1c1d2e-0000-4000-8000-000000001012',
  establishment_id: 3,
  version: 4,
  visual_tag: '15012',
  electronic_tag: '032308802798456',
  cuig: 'SR 905',
  senasa: '18-021-0-00905-00',
  check_in_type_id: 1,
  check_in_type_description: 'Nacimiento',
  check_in_date: '2021-08-04 00:00:00',
  check_out_type_id: null,
  check_out_type_description: null,
  check_out_date: null,
  origin: null,
  color_id: 2,
  color_description: 'colorado',
  breed_id: 3,
  breed_description: 'Brangus',
  animal_type_id: 1,
  category_description: 'Vaca',
  gender: 2,
  gender_description: 'Hembra',
  date_of_birth: '2021-08-04 00:00:00',
  weight_at_birth: 38.5,
  birth_type_id: 1,
  birth_type_description: 'Normal',
  father_id: 5,
  father_alias: 'Itatí 880',
  mother_id: herdFemales[2]?.uuid ?? null,
  mother_visual_tag: herdFemales[2]?.caravana_visual ?? null,
  donor_mother_id: null,
  donor_mother_visual_tag: null,
  rodeo_id: 10,
  rodeo_description: 'Rodeo General',
  current_status: { id: 1, description: 'Activo' },
  sync_at: null,
  alerts: [{ id: 41, description: 'Revisar pezuña trasera' }],
  age: 1572,
  last_weight: 468,
  last_weight_read_at: '2025-11-20 08:10:00',
  GDPV: 0.45,
  GDPVital: 0.41,
  created_at: '2021-08-05T12:00:00.000Z',
  updated_at: '2025-11-20T12:00:00.000Z',
}

const session = (id: number, name: string) => ({ id, name })

/** A cow's life: weighings, services, diagnoses, pre-services, body condition and a note. */
export const cowEvents: AnimalEvent[] = [
  {
    kind: 'weighing',
    id: 9,
    read_at: '2025-11-20 08:10:00',
    session: session(31, 'Pesada primavera 2025'),
    weight: 468,
    weighing_time: 'Control',
  },
  {
    kind: 'artificial_insemination',
    id: 7,
    read_at: '2025-11-08 09:00:00',
    session: session(30, 'IATF Primavera 2025'),
    bull: 'Itatí 880',
    inseminator: 'Gisela Cabral',
  },
  {
    kind: 'note',
    id: 3,
    read_at: '2025-10-10 17:00:00',
    session: null,
    content: 'Renguea de la pata trasera izquierda',
  },
  {
    kind: 'body_condition',
    id: 12,
    read_at: '2025-10-05 10:00:00',
    session: session(29, 'Preservicio Vacas 2025'),
    score: '3',
  },
  {
    kind: 'preservice',
    id: 11,
    read_at: '2025-10-05 10:00:00',
    session: session(29, 'Preservicio Vacas 2025'),
    reproductive_grade: null,
    ovarian_status: 'Ciclando',
  },
  {
    kind: 'weighing',
    id: 8,
    read_at: '2025-08-12 08:00:00',
    session: session(28, 'Pesada invierno 2025'),
    weight: 426.5,
    weighing_time: 'Control',
  },
  {
    kind: 'pregnancy_check',
    id: 5,
    read_at: '2025-03-12 11:00:00',
    session: session(27, 'Tacto final 2024/25'),
    result: 'IA',
    is_ultrasound_scan: true,
  },
  {
    kind: 'weighing',
    id: 6,
    read_at: '2025-02-02 08:00:00',
    session: session(26, 'Pesada verano 2025'),
    weight: 401,
    weighing_time: 'Control',
  },
  {
    kind: 'weighing',
    id: 4,
    read_at: '2024-08-01 08:00:00',
    session: session(20, 'Pesada 2024'),
    weight: 352,
    weighing_time: 'Año',
  },
]
