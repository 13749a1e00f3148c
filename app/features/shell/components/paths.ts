import { appHref } from './app-link'

/**
 * Destinations the chrome links to (spec section 2). Pages whose address the spec gives in two forms
 * (Resumen, Animales…) are not here: the app passes those in.
 */
export const APP_PATHS = {
  login: '/management/login',
  establishmentPicker: '/management/establishment',
  userProfile: '/management/configuration/user-profile',
  establishmentConfiguration: '/management/establishment/configuration',
  rodeoCreation: '/management/establishment/configuration/rodeo-creation',
  dashboardRfi: '/management/establishment/dashboard-rfi',
  dashboardFeedlot: '/management/establishment/dashboard-feedlot',
  capacitations: '/management/establishment/capacitations',
} as const

/**
 * The search parameter that names the establishment in the addresses of the sections whose path does
 * not (Resumen, Manga, Tablero, an animal's page): `?establecimiento=12`. A link names what it shows,
 * so a colleague opening it sees the same establishment (decision 017).
 */
export const ESTABLISHMENT_PARAM = 'establecimiento'

/** The search that names an establishment, for a link to one of its pages. */
export function establishmentSearch(establishmentId: number) {
  return { [ESTABLISHMENT_PARAM]: establishmentId }
}

/**
 * The canonical (long-form) addresses of the establishment's sections, spec section 2, as a path and
 * its search. The short forms (/management/establishment/summary, …) redirect here.
 */
export function sectionLinks(establishmentId: number) {
  const base = '/management/establishment/app-insights'
  const search = establishmentSearch(establishmentId)
  return {
    summary: { to: `${base}/summary`, search },
    animals: { to: `${base}/animals/${establishmentId}/breeding-herd` },
    cattlehandling: { to: `${base}/cattlehandling`, search },
    rerunner: { to: `${base}/rerunner/${establishmentId}/births` },
    dash: { to: `${base}/dash`, search },
  } as const
}

/** The same addresses as hrefs (for redirects and `navigate({ href })`). */
export function sectionPaths(establishmentId: number) {
  const links = sectionLinks(establishmentId)
  const href = (link: { to: string; search?: Record<string, number> }) => appHref(link.to, link.search)
  return {
    summary: href(links.summary),
    animals: href(links.animals),
    cattlehandling: href(links.cattlehandling),
    rerunner: href(links.rerunner),
    dash: href(links.dash),
  } as const
}
