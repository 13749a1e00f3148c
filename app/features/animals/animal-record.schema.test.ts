import { describe, expect, it } from 'vitest'
import {
  ANIMAL_MESSAGES,
  animalCreateBodySchema,
  animalEditSchema,
  animalUpdateBodySchema,
  describeAnimalError,
  EMPTY_ANIMAL_VALUES,
  fromWire,
  toWire,
} from './animal-record.schema'

describe('the animal record schema', () => {
  it('reads the provider body conventions: ids as text, the text null, slashed dates, a decimal comma', () => {
    expect(
      fromWire({
        rodeo_id: '12',
        father_id: 'null',
        gender: '',
        electronic_tag: null,
        visual_tag: 1201,
        date_of_birth: '2024/05/06 08:30:00',
        weight_at_birth: '32,5',
        version: '4',
      }),
    ).toEqual({
      rodeo_id: 12,
      father_id: null,
      gender: null,
      electronic_tag: '',
      visual_tag: '1201',
      date_of_birth: '2024-05-06 08:30:00',
      weight_at_birth: 32.5,
      version: 4,
    })
  })

  it('writes a clean record the provider way and reads it back unchanged', () => {
    const record = animalEditSchema.parse({
      ...EMPTY_ANIMAL_VALUES,
      visual_tag: ' 1201 ',
      electronic_tag: '32000000000001',
      animal_type_id: 1,
      breed_id: 2,
      color_id: 3,
      date_of_birth: '2024-05-06',
      weight_at_birth: 30,
    })
    expect(record).toMatchObject({
      visual_tag: '1201',
      electronic_tag: '032000000000001',
      date_of_birth: '2024-05-06 00:00:00',
      cuig: null,
      mother_id: null,
    })
    const wire = toWire(record)
    expect(wire).toMatchObject({
      animal_type_id: '1',
      date_of_birth: '2024/05/06 00:00:00',
      weight_at_birth: 30,
    })
    expect(animalUpdateBodySchema.parse({ ...wire, version: '2' })).toEqual({ ...record, version: 2 })
  })

  it('sends an animal without an RFID with the tag as an empty string, which reads back as none', () => {
    const record = animalEditSchema.parse({
      ...EMPTY_ANIMAL_VALUES,
      visual_tag: '1202',
      electronic_tag: '',
      animal_type_id: 1,
      breed_id: 2,
      color_id: 3,
    })
    expect(record.electronic_tag).toBeNull()
    const wire = toWire(record)
    expect(wire).toMatchObject({ visual_tag: '1202', electronic_tag: '', mother_id: null })
    expect(animalUpdateBodySchema.parse({ ...wire, version: '1' })).toMatchObject({ electronic_tag: null })
  })

  it('lets a create body leave optional fields out but not the required ones', () => {
    const minimal = { visual_tag: 'A-1', animal_type_id: 1, breed_id: 1, color_id: 1, check_in_type_id: 1 }
    expect(animalCreateBodySchema.parse(minimal)).toMatchObject({ electronic_tag: null, mother_id: null })
    const missing = animalCreateBodySchema.safeParse({ visual_tag: 'A-1' })
    expect(missing.success).toBe(false)
    if (!missing.success) expect(describeAnimalError(missing.error)).toBe(ANIMAL_MESSAGES.categoryRequired)
  })

  it('names the field of a message that does not', () => {
    const bad = animalEditSchema.safeParse({
      ...EMPTY_ANIMAL_VALUES,
      visual_tag: 'A',
      animal_type_id: 1,
      breed_id: 1,
      color_id: 1,
      weight_at_birth: 1,
    })
    expect(bad.success).toBe(false)
    if (!bad.success)
      expect(describeAnimalError(bad.error)).toBe('Peso al nacer (kg): Debe estar entre 5 y 90 kg')
  })
})
