import { defineSemanticTokens } from '@pandacss/dev'
import amber from '@park-ui/panda-preset/colors/amber'
import blue from '@park-ui/panda-preset/colors/blue'
import orange from '@park-ui/panda-preset/colors/orange'
import plum from '@park-ui/panda-preset/colors/plum'
import teal from '@park-ui/panda-preset/colors/teal'

const scaleSteps = [
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
] as const
const accentSteps = [...scaleSteps, 'default', 'emphasized', 'fg', 'text'] as const

type ParkColor = typeof amber
type Scale = Record<(typeof scaleSteps)[number], { value: string }>

/**
 * A whole palette (steps, `default`, `fg`, `text`…) usable as a `colorPalette`. The preset registers
 * only the accent and gray palettes; the values are taken straight from Park UI's colour files so
 * these extra palettes need no raw tokens (which would mean editing the preset's token set).
 */
function extraPalette(color: ParkColor, fgOnSolid: 'white' | 'dark') {
  const light = color.tokens.light as Scale
  const dark = color.tokens.dark as Scale
  const step = (name: (typeof scaleSteps)[number]) => ({
    value: { _light: light[name].value, _dark: dark[name].value },
  })
  return {
    ...Object.fromEntries(scaleSteps.map((name) => [name, step(name)])),
    default: step('9'),
    emphasized: step('10'),
    fg: { value: fgOnSolid === 'white' ? 'white' : '{colors.gray.light.12}' },
    text: step('a11'),
  }
}

export const semanticTokens = defineSemanticTokens({
  colors: {
    /**
     * The Park UI preset's recipes (text selection, checked checkboxes, segment groups…) refer to an
     * `accent` palette, but the preset only registers the accent colour under its own name. Without
     * this alias those references compile to nothing. Green is the product's accent.
     */
    accent: Object.fromEntries(accentSteps.map((name) => [name, { value: `{colors.green.${name}}` }])),
    /**
     * Solid green (buttons, badges, checked boxes) carries white text: the preset's step 9 gives it
     * 3.2:1, under WCAG AA's 4.5:1. Steps 11/12 (light) and 8/7 (dark) give 4.7–12:1. docs/decisions/019.
     */
    green: {
      default: { value: { _light: '{colors.green.light.11}', _dark: '{colors.green.dark.8}' } },
      emphasized: { value: { _light: '{colors.green.light.12}', _dark: '{colors.green.dark.7}' } },
      // Green text on the green tints (a current link, an avatar): a11 gives 4.2:1 on a3; this 5.5:1.
      text: { value: { _light: '#1d6e48', _dark: '{colors.green.dark.a11}' } },
    },
    /** Solid red (destructive buttons) with white text: red 9 is 3.9:1; red 11 (light) / 8 (dark) 5:1. */
    red: {
      default: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.8}' } },
      emphasized: { value: { _light: '{colors.red.light.12}', _dark: '{colors.red.dark.7}' } },
    },
    fg: {
      /** Error text: the preset's red 9 is 3.9:1 on white; red 11 is 5.2:1. */
      error: { value: { _light: '{colors.red.11}', _dark: '{colors.red.11}' } },
      /**
       * Subtle text (placeholders such as 'Seleccionar', hints): the preset's sand 10 is 3.9:1 on
       * white; this is 4.8:1 even on the muted grey backgrounds.
       */
      subtle: { value: { _light: '#6b6a65', _dark: '{colors.gray.10}' } },
    },
    /** Warnings that are not errors, e.g. a password that must be changed. */
    amber: extraPalette(amber, 'dark'),
    // Establishment cards tell establishments apart by colour (see `establishment-card.tsx`).
    blue: extraPalette(blue, 'white'),
    orange: extraPalette(orange, 'white'),
    plum: extraPalette(plum, 'white'),
    teal: extraPalette(teal, 'white'),
  },
})
