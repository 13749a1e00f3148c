import { RadioGroup } from '@ark-ui/react/radio-group'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { radioButtonGroup } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(radioButtonGroup)

/**
 * A choice of one among a few options shown as buttons (a radio group underneath: arrow keys move
 * between options). Each `Item` holds an `ItemText` and an `ItemHiddenInput`.
 */
export const Root = withProvider(RadioGroup.Root, 'root')
export type RootProps = ComponentProps<typeof Root>
export const Label = withContext(RadioGroup.Label, 'label')
export const Item = withContext(RadioGroup.Item, 'item')
export const ItemText = withContext(RadioGroup.ItemText, 'itemText')
export const ItemControl = withContext(RadioGroup.ItemControl, 'itemControl')
export { RadioGroupItemHiddenInput as ItemHiddenInput } from '@ark-ui/react/radio-group'
