/**
 * The Spanish values of the lookup tables (spec sections 3 and 5). Client-safe: no database
 * imports, because the spreadsheet upload validation and the forms check user input against the
 * same lists the database is seeded with. The spelling is the spec's, including 'Vacia' (no accent)
 * and 'Shorthon', since uploaded files are written that way.
 *
 * It lives in a feature, not in the demo seed, because it is domain vocabulary: the features, the
 * reference rows (`app/db/lookups.server.ts`) and the seed import it; the seed is never imported by
 * them (decision 023).
 */

/** Categories (animal_types). */
export const ANIMAL_TYPES = [
  'Vaca',
  'Ternero',
  'Toro',
  'Ternera',
  'Vaq 1 serv',
  'Vaq 2 serv',
  'Vaca Cut',
  'Vaca Rechazo',
  'Vaq Recría',
  'Vaq Engorde',
  'Nov Recría',
  'Nov Engorde',
] as const
export type AnimalType = (typeof ANIMAL_TYPES)[number]

export const SEXES = ['Macho', 'Hembra'] as const
export type Sex = (typeof SEXES)[number]

/** The sex each category implies; a form or an upload can reject a contradiction. */
export const SEX_OF_ANIMAL_TYPE: Record<AnimalType, Sex> = {
  Vaca: 'Hembra',
  Ternero: 'Macho',
  Toro: 'Macho',
  Ternera: 'Hembra',
  'Vaq 1 serv': 'Hembra',
  'Vaq 2 serv': 'Hembra',
  'Vaca Cut': 'Hembra',
  'Vaca Rechazo': 'Hembra',
  'Vaq Recría': 'Hembra',
  'Vaq Engorde': 'Hembra',
  'Nov Recría': 'Macho',
  'Nov Engorde': 'Macho',
}

/** The sex a category implies ('Vaca' → 'Hembra'); undefined for a category outside the list. */
export function impliedSexOf(category: string | null | undefined): Sex | undefined {
  return Object.entries(SEX_OF_ANIMAL_TYPE).find(([name]) => name === category)?.[1]
}

/** The spec lists these and says "and others": 'Otra' holds the rest. */
export const BREEDS = [
  'Angus',
  'Hereford',
  'Brangus',
  'Braford',
  'Mestizo',
  'Holando Arg',
  'Limousin',
  'Limangus',
  'Cruza',
  'Nelore',
  'Charolais',
  'Shorthon',
  'Brahman',
  'Bonsmara',
  'Wagyu',
  'Otra',
] as const
export type Breed = (typeof BREEDS)[number]

export const COLORS = ['negro', 'colorado', 'otro'] as const
export type Color = (typeof COLORS)[number]

export const CHECK_IN_TYPES = ['Nacimiento', 'Compra', 'Traslado'] as const
export type CheckInType = (typeof CHECK_IN_TYPES)[number]

/** How an animal leaves the establishment. */
export const CHECK_OUT_TYPES = ['Venta', 'Muerte', 'Traslado', 'Faena', 'Extravío'] as const
export type CheckOutType = (typeof CHECK_OUT_TYPES)[number]

export const STATUS_TYPES = ['Activo', 'Vendido', 'Muerto', 'Trasladado', 'Faenado', 'Extraviado'] as const
export type StatusType = (typeof STATUS_TYPES)[number]

/** The status an animal takes when it leaves in each way. */
export const STATUS_OF_CHECK_OUT: Record<CheckOutType, StatusType> = {
  Venta: 'Vendido',
  Muerte: 'Muerto',
  Traslado: 'Trasladado',
  Faena: 'Faenado',
  Extravío: 'Extraviado',
}

export const BIRTH_TYPES = ['Normal', 'Asistido', 'Cesárea', 'Mellizo'] as const
export type BirthType = (typeof BIRTH_TYPES)[number]

/**
 * Pregnancy check results: Cabeza, Cuerpo and Cola place a natural-service pregnancy in the first,
 * middle or last third of the calving season; IA is a pregnancy by the insemination; Embrión an
 * early embryo seen by ultrasound; Vacia an empty female.
 */
export const PREGNANCY_CHECK_DETAILS = ['Cabeza', 'Cuerpo', 'Cola', 'Vacia', 'IA', 'Embrión'] as const
export type PregnancyCheckDetail = (typeof PREGNANCY_CHECK_DETAILS)[number]

/** Every result but 'Vacia' means pregnant. */
export const EMPTY_PREGNANCY_CHECK_DETAIL: PregnancyCheckDetail = 'Vacia'

export const OVARIAN_STATUSES = ['Anestro sup', 'Anestro prof', 'Ciclando', 'No apta', 'Preñada'] as const
export type OvarianStatus = (typeof OVARIAN_STATUSES)[number]

/** Grado de desarrollo reproductivo (GDR) of heifers, 1 (infantile tract) to 4 (cycling). */
export const REPRODUCTIVE_GRADES = ['1', '2', '3', '4'] as const
export type ReproductiveGrade = (typeof REPRODUCTIVE_GRADES)[number]

/** The moment in an animal's life a weighing records. */
export const WEIGHING_TIMES = [
  'Nacimiento',
  'Destete',
  'Año',
  '18 meses',
  'Servicio',
  'Venta',
  'Control',
] as const
export type WeighingTime = (typeof WEIGHING_TIMES)[number]

/** Body condition score, 1 (emaciated) to 5 (obese) in half points. */
export const BODY_CONDITION_DETAILS = ['1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'] as const
export type BodyConditionDetail = (typeof BODY_CONDITION_DETAILS)[number]

// Rider lookups: what the riders (recorredores) record out in the paddocks.
export const DEATH_CAUSES = [
  'Neumonía',
  'Diarrea neonatal',
  'Parto distócico',
  'Mancha (carbunclo sintomático)',
  'Tristeza parasitaria',
  'Meteorismo',
  'Intoxicación',
  'Accidente',
  'Ahogado',
  'Desconocida',
] as const

export const TREATMENTS = [
  'Antiparasitario interno',
  'Antiparasitario externo',
  'Antibiótico',
  'Antiinflamatorio',
  'Vacuna aftosa',
  'Vacuna mancha y gangrena',
  'Vacuna reproductiva',
  'Vitaminas y minerales',
  'Curación de herida',
  'Curación de pezuña',
] as const

export const BODY_CONDITIONS_RIDERS = [
  'Muy flaca',
  'Flaca',
  'Regular',
  'Buena',
  'Muy buena',
  'Gorda',
] as const

/** Each lookup table with its values, in the order they are seeded (and so get their ids). */
export const LOOKUP_VALUES = {
  check_in_types: CHECK_IN_TYPES,
  check_out_types: CHECK_OUT_TYPES,
  animal_types: ANIMAL_TYPES,
  colors: COLORS,
  breeds: BREEDS,
  birth_types: BIRTH_TYPES,
  pregnancy_check_details: PREGNANCY_CHECK_DETAILS,
  weighing_times: WEIGHING_TIMES,
  body_condition_details: BODY_CONDITION_DETAILS,
  sexes: SEXES,
  ovarian_statuses: OVARIAN_STATUSES,
  reproductive_grades: REPRODUCTIVE_GRADES,
  status_types: STATUS_TYPES,
  death_causes: DEATH_CAUSES,
  treatments: TREATMENTS,
  body_conditions_riders: BODY_CONDITIONS_RIDERS,
} as const
export type LookupTableName = keyof typeof LOOKUP_VALUES
