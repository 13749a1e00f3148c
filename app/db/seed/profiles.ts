import type { Breed } from '~/features/lookups/lookup-values'

/** What makes one generated establishment differ from another. */
export interface HerdProfile {
  /** Seeds the generator: the same key and size give the same establishment. */
  key: string
  name: string
  /** Exact number of animal rows (present and gone). */
  animals: number
  cowBreeds: readonly (readonly [Breed, number])[]
  /** Breeds of the natural-service bulls (Toro animals and the REPASO calves' sires). */
  bullBreeds: readonly (readonly [Breed, number])[]
  /** Always starts with 'Rodeo General', the fallback of every category. */
  rodeos: readonly string[]
  /** Artificial-insemination sires; the bulls table also gets one 'REPASO' for natural service. */
  sires: readonly { alias: string; breed: Breed }[]
  inseminators: readonly (readonly [first: string, last: string])[]
  riders: readonly (readonly [key: string, description: string])[]
  /** Where purchased animals come from (animals born on the farm have no origin). */
  origins: readonly string[]
  owners: readonly string[]
  boards: readonly { title: string; type: 1 | 2; isDefault: boolean }[]
  maleSaleAtWeaning: number
  femaleSaleAtWeaning: number
  /** Share of the weaned heifers kept as replacements (the heaviest). */
  replacementShare: number
  /** Share of the cows that go through a pre-service check. */
  cowPreserviceShare: number
  cuig: string
  renspa: string
  /** Four digits inside the electronic tags, so tags of different establishments never meet. */
  tagBlock: number
}

export const NATURAL_SERVICE_BULL = 'REPASO'

const boards = (name: string) =>
  [
    { title: `RFI — ${name}`, type: 1, isDefault: true },
    { title: 'RFI por rodeo', type: 1, isDefault: false },
    { title: `Feedlot — ${name}`, type: 2, isDefault: true },
  ] as const

export const DEMO_ESTABLISHMENTS: readonly HerdProfile[] = [
  {
    key: 'demo/la-esperanza',
    name: 'La Esperanza',
    animals: 1520,
    cowBreeds: [
      ['Angus', 62],
      ['Hereford', 8],
      ['Limangus', 8],
      ['Cruza', 14],
      ['Mestizo', 8],
    ],
    bullBreeds: [
      ['Angus', 80],
      ['Hereford', 20],
    ],
    rodeos: ['Rodeo General', 'Vaquillonas', 'Recría', 'Toros', 'Engorde', 'Vacas de Descarte'],
    sires: [
      { alias: 'Don Julio 214', breed: 'Angus' },
      { alias: 'Pampero TE 8', breed: 'Angus' },
      { alias: 'Cacique 501', breed: 'Angus' },
      { alias: 'Baqueano 77', breed: 'Hereford' },
      { alias: 'Matrero 1203', breed: 'Angus' },
      { alias: 'Tehuelche 33', breed: 'Limousin' },
    ],
    inseminators: [
      ['Julián', 'Etcheverry'],
      ['Marcelo', 'Ibarra'],
      ['Natalia', 'Bustos'],
    ],
    riders: [
      ['R1', 'Ramón Sosa'],
      ['R2', 'Hugo Benítez'],
      ['R3', 'Cristian Villalba'],
    ],
    origins: ['Remate Feria Ayacucho', 'Cabaña Los Tilos', 'Est. La Cautiva', 'Remate Feria Rauch'],
    owners: ['Agropecuaria La Esperanza S.A.', 'Etcheverry Hnos.'],
    boards: boards('La Esperanza'),
    maleSaleAtWeaning: 0.25,
    femaleSaleAtWeaning: 0.3,
    replacementShare: 0.6,
    cowPreserviceShare: 0.8,
    cuig: 'LE 417',
    renspa: '06-050-0-00417-00',
    tagBlock: 1017,
  },
  {
    key: 'demo/el-ombu',
    name: 'El Ombú',
    animals: 1480,
    cowBreeds: [
      ['Hereford', 40],
      ['Braford', 30],
      ['Cruza', 12],
      ['Shorthon', 6],
      ['Angus', 12],
    ],
    bullBreeds: [
      ['Hereford', 55],
      ['Braford', 45],
    ],
    rodeos: ['Rodeo General', 'Vaquillonas', 'Recría', 'Toros', 'Engorde'],
    sires: [
      { alias: 'Gaucho 1130', breed: 'Hereford' },
      { alias: 'Ombú TE 42', breed: 'Braford' },
      { alias: 'Charrúa 7', breed: 'Braford' },
      { alias: 'Lucero 2208', breed: 'Hereford' },
      { alias: 'Yatay 15', breed: 'Brahman' },
    ],
    inseminators: [
      ['Sergio', 'Maidana'],
      ['Rocío', 'Ferreyra'],
    ],
    riders: [
      ['R1', 'Omar Acosta'],
      ['R2', 'Luis Ayala'],
    ],
    origins: ['Remate Feria Villaguay', 'Cabaña El Ceibo', 'Est. San Gabriel'],
    owners: ['El Ombú S.R.L.'],
    boards: boards('El Ombú'),
    maleSaleAtWeaning: 0.35,
    femaleSaleAtWeaning: 0.35,
    replacementShare: 0.58,
    cowPreserviceShare: 0.7,
    cuig: 'OB 238',
    renspa: '30-088-0-00238-00',
    tagBlock: 2043,
  },
  {
    key: 'demo/santa-rosa',
    name: 'Santa Rosa',
    animals: 1500,
    cowBreeds: [
      ['Brangus', 45],
      ['Braford', 25],
      ['Brahman', 8],
      ['Nelore', 6],
      ['Cruza', 16],
    ],
    bullBreeds: [
      ['Brangus', 60],
      ['Braford', 40],
    ],
    rodeos: ['Rodeo General', 'Vaquillonas', 'Recría', 'Toros'],
    sires: [
      { alias: 'Tigre 318', breed: 'Brangus' },
      { alias: 'Ñandubay 9', breed: 'Brangus' },
      { alias: 'Guaraní TE 61', breed: 'Braford' },
      { alias: 'Capitán 1417', breed: 'Brangus' },
      { alias: 'Mburucuyá 22', breed: 'Bonsmara' },
      { alias: 'Sapucay 5', breed: 'Braford' },
      { alias: 'Itatí 880', breed: 'Brahman' },
    ],
    inseminators: [
      ['Walter', 'Romero'],
      ['Gisela', 'Cabral'],
      ['Fabián', 'Aquino'],
      ['Mirta', 'Gauna'],
    ],
    riders: [
      ['R1', 'Pedro Ojeda'],
      ['R2', 'Ariel Duarte'],
      ['R3', 'Nicolás Encina'],
    ],
    origins: ['Remate Feria Mercedes', 'Cabaña Tres Marías', 'Est. El Yatay'],
    owners: ['Santa Rosa Ganadera S.A.', 'Ernesto Cabral'],
    boards: [
      { title: 'RFI — Santa Rosa', type: 1, isDefault: true },
      { title: 'Feedlot — Santa Rosa', type: 2, isDefault: true },
      { title: 'Feedlot — corrales de terminación', type: 2, isDefault: false },
    ],
    maleSaleAtWeaning: 0.4,
    femaleSaleAtWeaning: 0.35,
    replacementShare: 0.6,
    cowPreserviceShare: 0.75,
    cuig: 'SR 905',
    renspa: '18-021-0-00905-00',
    tagBlock: 3088,
  },
]

/** The benchmark establishment: a large mixed herd, every rodeo and breed in use. */
export function largeProfile(name: string, animals: number, tagBlock: number): HerdProfile {
  return {
    key: `large/${tagBlock}/${animals}`,
    name,
    animals,
    cowBreeds: [
      ['Angus', 40],
      ['Hereford', 15],
      ['Brangus', 15],
      ['Braford', 10],
      ['Cruza', 12],
      ['Mestizo', 8],
    ],
    bullBreeds: [
      ['Angus', 60],
      ['Hereford', 20],
      ['Brangus', 20],
    ],
    rodeos: ['Rodeo General', 'Vaquillonas', 'Recría', 'Toros', 'Engorde', 'Vacas de Descarte'],
    sires: [
      { alias: 'Centinela 101', breed: 'Angus' },
      { alias: 'Fortín 2020', breed: 'Angus' },
      { alias: 'Tordillo TE 4', breed: 'Hereford' },
      { alias: 'Quebracho 66', breed: 'Brangus' },
      { alias: 'Salitral 300', breed: 'Angus' },
      { alias: 'Médano 12', breed: 'Braford' },
      { alias: 'Arroyo 870', breed: 'Hereford' },
    ],
    inseminators: [
      ['Esteban', 'Quiroga'],
      ['Laura', 'Medina'],
      ['Raúl', 'Pereyra'],
      ['Andrea', 'Vega'],
    ],
    riders: [
      ['R1', 'Jorge Molina'],
      ['R2', 'Daniel Ríos'],
      ['R3', 'Mario Luna'],
      ['R4', 'Santiago Paz'],
    ],
    origins: [
      'Remate Feria General Villegas',
      'Cabaña La Tranquera',
      'Est. Los Caldenes',
      'Remate Feria Pehuajó',
    ],
    owners: ['Estancia Grande S.A.', 'Fideicomiso Ganadero del Oeste'],
    boards: [
      { title: 'RFI — general', type: 1, isDefault: true },
      { title: 'RFI por rodeo', type: 1, isDefault: false },
      { title: 'Feedlot — general', type: 2, isDefault: true },
      { title: 'Feedlot — consumo por corral', type: 2, isDefault: false },
    ],
    maleSaleAtWeaning: 0.3,
    femaleSaleAtWeaning: 0.35,
    replacementShare: 0.6,
    cowPreserviceShare: 0.75,
    cuig: 'EG 700',
    renspa: '06-800-0-00700-00',
    tagBlock,
  }
}
