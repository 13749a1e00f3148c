import { describe, expect, it } from 'vitest'
import { isElectronicTag, normalizeElectronicTag } from './electronic-tag'

describe('normalizeElectronicTag', () => {
  it('keeps a 15-digit tag', () => {
    expect(normalizeElectronicTag('032000123456789')).toBe('032000123456789')
  })
  it('restores the leading zero a spreadsheet dropped', () => {
    expect(normalizeElectronicTag(32000123456789)).toBe('032000123456789')
  })
  it('drops the padding zero of a 16-digit reading', () => {
    expect(normalizeElectronicTag('0032000123456789')).toBe('032000123456789')
  })
  it('removes spaces and leaves other lengths for the validator to refuse', () => {
    expect(normalizeElectronicTag(' 032 000 123456789 ')).toBe('032000123456789')
    expect(normalizeElectronicTag('12345')).toBe('12345')
    expect(isElectronicTag('12345')).toBe(false)
    expect(isElectronicTag('032000123456789')).toBe(true)
  })
})
