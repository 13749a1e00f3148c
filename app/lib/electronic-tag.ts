/**
 * Electronic tags (RFID, "IDE", "caravana electrónica") are 15 digits (ISO 11784: 3-digit country or
 * manufacturer code + 12-digit id). Two damaged forms reach us every day and are repaired here, in one
 * place, for the forms, the chute reader and the spreadsheet uploads:
 * - 14 digits: a spreadsheet stored the tag as a number and dropped its leading zero;
 * - 16 digits starting with 0: some stick readers pad the tag to 16.
 */
export const ELECTRONIC_TAG_LENGTH = 15

/** The tag with spaces removed and the two damaged forms repaired; anything else is returned as typed. */
export function normalizeElectronicTag(raw: string | number): string {
  const value = String(raw).replace(/\s+/g, '')
  if (/^\d{14}$/.test(value)) return `0${value}`
  if (/^0\d{15}$/.test(value)) return value.slice(1)
  return value
}

/** True for a normalized tag of exactly 15 characters. */
export function isElectronicTag(value: string) {
  return value.length === ELECTRONIC_TAG_LENGTH
}
