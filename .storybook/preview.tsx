import type { Preview } from '@storybook/react-vite'
import { Box } from 'styled-system/jsx'
import { startTheme } from '~/components/ui/theme'
import { Toaster } from '~/components/ui/toaster'
import '~/styles.css'
import '~/lib/zod-locale'

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
  },
}

export default preview
