/**
 * What an uploaded attachment really is, read from its first bytes (its "magic number"), never from
 * its name or the type the browser declared: a renamed executable ('manual.pdf' that starts with
 * 'MZ') is refused, and the type stored and served back is the one the bytes prove. Five formats a
 * lesson needs and browsers show by themselves; anything else is refused. Decision 037.
 */

export type AttachmentMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf'

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte)

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

export function sniffAttachmentType(bytes: Uint8Array): AttachmentMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf'
  return undefined
}

/** Pictures are shown inline in the lesson; a PDF is offered as a link that opens it. */
export const isPicture = (mediaType: string) => mediaType.startsWith('image/')
