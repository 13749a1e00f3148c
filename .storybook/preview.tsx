import type { Preview } from '@storybook/react-vite'
import { Box } from 'styled-system/jsx'
import { startTheme } from '~/components/ui/theme'
import { Toaster } from '~/components/ui/toaster'
import '~/styles.css'
import '~/lib/zod-locale'
import { AXE_RULES, AXE_TAGS } from '../tests/axe-config'

// Storybook has no server-rendered <head>: the theme starts here instead of in the inline script.
startTheme()

const preview: Preview = {
  decorators: [
    (Story) => (
      <Box bg="bg.canvas" color="fg.default" minH="100dvh" p="6">
        <Story />
        <Toaster />
      </Box>
    ),
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    // Violations fail the story, in the Storybook UI and in CI (stories/stories.test.tsx); the
    // WCAG 2.x A and AA rules, as the journeys' axe (docs/decisions/019).
    a11y: {
      test: 'error',
      config: { rules: AXE_RULES },
      options: { runOnly: { type: 'tag', values: AXE_TAGS } },
    },
  },
}

export default preview
