import { Dialog } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { drawer } from 'styled-system/recipes'

const { withRootProvider, withContext } = createStyleContext(drawer)

/**
 * A panel that slides in from a side of the screen (`variant` 'left' or 'right'): a modal dialog
 * underneath, so focus, Escape and the backdrop behave as in `Dialog`. Backdrop and Positioner go
 * inside a `Portal`.
 */
export const Root = withRootProvider(Dialog.Root)
export type RootProps = ComponentProps<typeof Root>
export const Trigger = withContext(Dialog.Trigger, 'trigger')
export const Backdrop = withContext(Dialog.Backdrop, 'backdrop')
export const Positioner = withContext(Dialog.Positioner, 'positioner')
export const Content = withContext(Dialog.Content, 'content')
export const Title = withContext(Dialog.Title, 'title')
export const Description = withContext(Dialog.Description, 'description')
export const CloseTrigger = withContext(Dialog.CloseTrigger, 'closeTrigger')
export const Header = withContext(ark.div, 'header')
export const Body = withContext(ark.div, 'body')
export const Footer = withContext(ark.div, 'footer')
