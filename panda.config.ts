import { defineConfig } from '@pandacss/dev'
import { createPreset } from '@park-ui/panda-preset'
import green from '@park-ui/panda-preset/colors/green'
import sand from '@park-ui/panda-preset/colors/sand'
import { globalCss, keyframes, recipes, semanticTokens } from './styles'

export default defineConfig({
  preflight: true,
  presets: [createPreset({ accentColor: green, grayColor: sand, radius: 'md' })],
  include: ['./app/**/*.{ts,tsx}', './stories/**/*.{ts,tsx}', './.storybook/**/*.{ts,tsx}'],
  exclude: [],
  jsxFramework: 'react',
  outdir: 'styled-system',
  // The preset defines `_dark` as `.dark &`: the theme script toggles that class on <html>.
  globalCss,
  theme: {
    extend: {
      keyframes,
      recipes,
      semanticTokens,
    },
  },
})
