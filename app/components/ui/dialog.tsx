import { Dialog } from '@ark-ui/react/dialog'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { dialog } from 'styled-system/recipes'

const { withRootProvider, withContext } = createStyleContext(dialog)

/**
 * A modal dialog, used as a namespace (`import * as Dialog from '~/components/ui/dialog'`).
 * Backdrop and Positioner go inside a `Portal` from `@ark-ui/react/portal`.
 */
export const Root = withRootProvider(Dialog.Root)
export type RootProps = ComponentProps<typeof Root>
export const RootProvider = withRootProvider(Dialog.RootProvider)
export const Trigger = withContext(Dialog.Trigger, 'trigger')
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop')
export const Positioner = withContext(Dialog.Positioner, 'positioner')
export const Content = withContext(Dialog.Content, 'content')
export const Title = withContext(Dialog.Title, 'title')
export const Description = withContext(Dialog.Description, 'description')
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger')

export { DialogContext as Context } from '@ark-ui/react/dialog'
