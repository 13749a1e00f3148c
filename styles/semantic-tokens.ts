import { defineSemanticTokens } from '@pandacss/dev'

/**
 * The Park UI preset's recipes (text selection, checked checkboxes, segment groups…) refer to an
 * `accent` palette, but the preset only registers the accent colour under its own name. Without this
 * alias those references compile to nothing. Green is the product's accent.
 */
const accentSteps = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  'a1',
  'a2',
  'a3',
  'a4',
  'a5',
  'a6',
  'a7',
  'a8',
  'a9',
  'a10',
  'a11',
  'a12',
  'default',
  'emphasized',
  'fg',
  'text',
] as const

export const semanticTokens = defineSemanticTokens({
  colors: {
    accent: Object.fromEntries(accentSteps.map((step) => [step, { value: `{colors.green.${step}}` }])),
  },
})
