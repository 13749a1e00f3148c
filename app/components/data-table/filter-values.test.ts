import { describe, expect, it } from 'vitest'
import { countFilters, isAcceptedText, isEmptyFilterValue, setFilter } from './filter-values'

describe('isEmptyFilterValue', () => {
  it('considera vacíos los textos en blanco, las listas vacías y los rangos sin límites', () => {
    expect(isEmptyFilterValue(undefined)).toBe(true)
    expect(isEmptyFilterValue(null)).toBe(true)
    expect(isEmptyFilterValue('')).toBe(true)
    expect(isEmptyFilterValue('   ')).toBe(true)
    expect(isEmptyFilterValue([])).toBe(true)
    expect(isEmptyFilterValue([''])).toBe(true)
    expect(isEmptyFilterValue({})).toBe(true)
    expect(isEmptyFilterValue({ min: undefined, max: undefined })).toBe(true)
    expect(isEmptyFilterValue({ min: Number.NaN })).toBe(true)
    expect(isEmptyFilterValue({ from: '', to: undefined })).toBe(true)
  })

  it('no considera vacíos los valores con contenido, incluido el cero', () => {
    expect(isEmptyFilterValue('AR-12')).toBe(false)
    expect(isEmptyFilterValue(['1'])).toBe(false)
    expect(isEmptyFilterValue({ min: 0 })).toBe(false)
    expect(isEmptyFilterValue({ max: 450 })).toBe(false)
    expect(isEmptyFilterValue({ from: '2025-01-01' })).toBe(false)
    expect(isEmptyFilterValue({ to: '2025-12-31' })).toBe(false)
  })
})

describe('setFilter', () => {
  it('agrega o reemplaza un filtro sin modificar el original', () => {
    const before = { rodeo: ['1'] }
    const after = setFilter(before, 'visual_tag', 'AB')
    expect(after).toEqual({ rodeo: ['1'], visual_tag: 'AB' })
    expect(before).toEqual({ rodeo: ['1'] })
    expect(setFilter(after, 'visual_tag', 'ABC')).toEqual({ rodeo: ['1'], visual_tag: 'ABC' })
  })

  it('quita el filtro cuando el valor queda vacío', () => {
    const filters = { rodeo: ['1'], visual_tag: 'AB', weight: { min: 100 } }
    expect(setFilter(filters, 'visual_tag', '')).toEqual({ rodeo: ['1'], weight: { min: 100 } })
    expect(setFilter(filters, 'rodeo', [])).toEqual({ visual_tag: 'AB', weight: { min: 100 } })
    expect(setFilter(filters, 'weight', {})).toEqual({ rodeo: ['1'], visual_tag: 'AB' })
    expect(setFilter(filters, 'weight', undefined)).toEqual({ rodeo: ['1'], visual_tag: 'AB' })
    expect(setFilter(filters, 'missing', '')).toEqual(filters)
  })
})

describe('countFilters', () => {
  it('cuenta solo los filtros con valor', () => {
    expect(countFilters({})).toBe(0)
    expect(countFilters(undefined)).toBe(0)
    expect(countFilters({ a: 'x', b: [], c: { min: 1 }, d: { from: '', to: '' } })).toBe(2)
  })
})

describe('isAcceptedText', () => {
  it('acepta textos de menos de 20 caracteres', () => {
    expect(isAcceptedText('a'.repeat(19))).toBe(true)
    expect(isAcceptedText('a'.repeat(20))).toBe(false)
  })
})
