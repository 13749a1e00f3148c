import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: {
    name: '@storybook/react-vite',
    options: {
      // The app's Vite config loads the TanStack Start plugin, with which Storybook's build fails
      // ("multiple entries detected"): stories get a config of their own.
      builder: { viteConfigPath: '.storybook/vite.config.ts' },
    },
  },
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true },
}

export default config
