import { Menu } from '@ark-ui/react/menu'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { menu } from 'styled-system/recipes'

const { withRootProvider, withContext } = createStyleContext(menu)

/**
 * A dropdown menu, used as a namespace (`import * as Menu from '~/components/ui/menu'`). Positioner
 * goes inside a `Portal`. An item that navigates passes `asChild` with a link.
 */
export const Root = withRootProvider(Menu.Root)
export type RootProps = ComponentProps<typeof Root>
export const Trigger = withContext(Menu.Trigger, 'trigger')
export const Positioner = withContext(Menu.Positioner, 'positioner')
export const Content = withContext(Menu.Content, 'content')
export const Item = withContext(Menu.Item, 'item')
export const ItemGroup = withContext(Menu.ItemGroup, 'itemGroup')
export const ItemGroupLabel = withContext(Menu.ItemGroupLabel, 'itemGroupLabel')
export const Separator = withContext(Menu.Separator, 'separator')
/** An item with a check mark, e.g. a column in a 'Columnas' menu; put `ItemIndicator` inside. */
export const CheckboxItem = withContext(Menu.CheckboxItem, 'item')
export const ItemIndicator = withContext(Menu.ItemIndicator, 'itemIndicator')
export const ItemText = withContext(Menu.ItemText, 'itemText')
