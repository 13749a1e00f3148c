import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { AppHeader } from '~/features/shell/components/app-header'
import {
  EstablishmentSwitchNotice,
  ForbiddenPage,
  NotFoundPage,
} from '~/features/shell/components/error-pages'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { ana, establishmentMenu, FullBleed, withStoryLinks } from './support'

/** The pages the app shows instead of the one asked for (decision 017), inside the app's header. */
const meta = {
  title: 'Shell/ErrorPages',
  decorators: [withStoryLinks, (Story) => <FullBleed>{Story()}</FullBleed>],
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** An unknown address (HTTP 404). */
export const NoEncontrada: Story = {
  render: () => (
    <>
      <AppHeader user={ana} onLogout={fn()} />
      <NotFoundPage />
    </>
  ),
}

/** An establishment the user does not belong to (HTTP 403): the header names no establishment. */
export const SinAcceso: Story = {
  render: () => (
    <>
      <AppHeader user={ana} onLogout={fn()} />
      <ForbiddenPage message={ESTABLISHMENT_ACCESS_DENIED} />
    </>
  ),
}

/** A link of another establishment the user belongs to switched the selected one. */
export const CambioDeEstablecimiento: Story = {
  render: () => (
    <>
      <AppHeader
        user={ana}
        onLogout={fn()}
        menuItems={establishmentMenu}
        establishment={{
          establishmentName: 'La Esperanza',
          keepSession: false,
          onKeepSessionChange: fn(),
          onChangeEstablishment: fn(),
        }}
      />
      <main style={{ padding: '1.5rem' }}>
        <EstablishmentSwitchNotice establishmentName="La Esperanza" previousName="El Ombú" onDismiss={fn()} />
        <PlaceholderPage {...PLACEHOLDER_PAGES.summary} />
      </main>
    </>
  ),
}
