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
 * The canonical (long-form) addresses of the establishment's sections, spec section 2. The short
 * forms (/management/establishment/summary, …) redirect here.
 */
export function sectionPaths(establishmentId: number) {
  const base = '/management/establishment/app-insights'
  return {
    summary: `${base}/summary`,
    animals: `${base}/animals/${establishmentId}/breeding-herd`,
    cattlehandling: `${base}/cattlehandling`,
    rerunner: `${base}/rerunner/${establishmentId}/births`,
    dash: `${base}/dash`,
  } as const
}
