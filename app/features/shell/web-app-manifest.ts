/** The brand colour (Park UI green 9, the accent of panda.config.ts): browser UI and the icons' tile. */
export const THEME_COLOR = '#30a46c'

/**
 * The icons in public/, drawn from public/favicon.svg (the mark of the Logo component); the PNGs are
 * generated once with `rsvg-convert` and committed, so the build needs no image tool.
 */
export const APP_ICONS = {
  svg: '/favicon.svg',
  ico: '/favicon.ico',
  appleTouch: '/apple-touch-icon.png',
} as const

/** The web app manifest: an installed Insights opens on the establishments page, in Spanish. */
export const webAppManifest = {
  name: 'Insights',
  short_name: 'Insights',
  description:
    'Gestión ganadera para establecimientos: IATF, diagnósticos de gestación, preservicios y pesadas.',
  lang: 'es-AR',
  dir: 'ltr',
  start_url: '/management/establishment',
  scope: '/',
  display: 'standalone',
  background_color: '#ffffff',
  theme_color: THEME_COLOR,
  icons: [
    { src: APP_ICONS.svg, type: 'image/svg+xml', sizes: 'any', purpose: 'any' },
    { src: '/icon-192.png', type: 'image/png', sizes: '192x192', purpose: 'any' },
    { src: '/icon-512.png', type: 'image/png', sizes: '512x512', purpose: 'any' },
    { src: '/icon-maskable-512.png', type: 'image/png', sizes: '512x512', purpose: 'maskable' },
  ],
}
