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
