import type { Establishment } from '../establishment.schema'

/** Lower case without accents, so 'ombu' finds 'Ombú' and 'LA ESPERANZA' finds 'La Esperanza'. */
export function normalizeForSearch(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es')
    .trim()
}

/** The establishments whose name contains the search term, ignoring case and accents. */
export function filterEstablishments(establishments: readonly Establishment[], search: string) {
  const term = normalizeForSearch(search)
  if (!term) return [...establishments]
  return establishments.filter((establishment) => normalizeForSearch(establishment.name).includes(term))
}
