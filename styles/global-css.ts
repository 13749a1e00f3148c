import { defineGlobalStyles } from '@pandacss/dev'

export const globalCss = defineGlobalStyles({
  'html, body': {
    minHeight: '100dvh',
  },
  // The preset sets the dark colour scheme on <body> only; the page's own scrollbars follow <html>.
  'html.dark': {
    colorScheme: 'dark',
  },
  body: {
    fontFamily: 'sans',
    lineHeight: 'normal',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
  },
})
