import { FileUpload } from '@ark-ui/react/file-upload'
import type { ComponentProps } from 'react'
import { createStyleContext } from 'styled-system/jsx'
import { fileUpload } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(fileUpload)

/**
 * A file picker with a drop zone, used as a namespace. Its texts are ours (the browser's own file
 * input speaks the browser's language); `HiddenInput` is the real `<input type="file">`.
 */
export const Root = withProvider(FileUpload.Root, 'root')
export type RootProps = ComponentProps<typeof Root>
export const Label = withContext(FileUpload.Label, 'label')
export const Dropzone = withContext(FileUpload.Dropzone, 'dropzone')
export const Trigger = withContext(FileUpload.Trigger, 'trigger')
export const ItemGroup = withContext(FileUpload.ItemGroup, 'itemGroup')
export const Item = withContext(FileUpload.Item, 'item')
export const ItemName = withContext(FileUpload.ItemName, 'itemName')
export const ItemSizeText = withContext(FileUpload.ItemSizeText, 'itemSizeText')
export const ItemPreview = withContext(FileUpload.ItemPreview, 'itemPreview')
export const ItemDeleteTrigger = withContext(FileUpload.ItemDeleteTrigger, 'itemDeleteTrigger')
export const HiddenInput = FileUpload.HiddenInput
export { FileUploadContext as Context } from '@ark-ui/react/file-upload'
