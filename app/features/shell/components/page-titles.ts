/**
 * The headings of the pages PLACEHOLDER_PAGES describes, on their own: route `head`s name the
 * document after them, and route options ship with the app's first chunk (the login page included,
 * decision 026), which then carries neither the placeholder component nor its icons.
 */
export const PAGE_TITLES = {
  summary: 'Resumen',
  dash: 'Tablero',
  dashboardRfi: 'Tablero RFI',
  dashboardFeedlot: 'Feedlot',
  animals: 'Animales',
  cattlehandling: 'Manga',
  pregnancyCheck: 'Diagnósticos de gestación',
  rerunner: 'Recorredores',
  animal: 'Animal',
  configuration: 'Configuración del establecimiento',
  capacitations: 'Capacitación Digital',
} as const
