import { describe, expect, it } from 'vitest'
import { establishmentInitials } from './establishment.schema'

describe('establishment card initials', () => {
  it.each([
    ['La Esperanza', 'LE'],
    ['El Ombú', 'EO'],
    ['Ombú', 'OM'],
    ['  santa   rosa del sur ', 'SR'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(establishmentInitials(name)).toBe(initials)
  })
})
