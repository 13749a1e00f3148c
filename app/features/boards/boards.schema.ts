import { z } from 'zod'
import { type Board, boardSchema } from '~/features/establishments/establishment.schema'

/**
 * An establishment's boards (spec sections 3 and 9; decision 038): built-in ones (no address: the
 * app's own RFI or feedlot view) and external ones (an https address shown in a sandboxed frame).
 * One default per type, held by the database (`boards_one_default_key`).
 */

export const BOARD_TITLE_MAX = 80

export const BOARD_MESSAGES = {
  titleRequired: 'El título del tablero es obligatorio',
  titleTooLong: `El título no puede superar los ${BOARD_TITLE_MAX} caracteres`,
  typeInvalid: 'El tipo de tablero debe ser 1 (RFI) o 2 (feedlot)',
  urlHttps: 'La dirección debe empezar con https:// (solo se muestran tableros seguros)',
  urlInvalid: 'La dirección del tablero no es válida',
  notAdmin: 'Solo un administrador del establecimiento puede modificar los tableros',
  notFound: 'El tablero no existe',
  created: 'Tablero creado con éxito',
  updated: 'Tablero actualizado con éxito',
  deleted: 'Tablero eliminado con éxito',
  saveError: 'Error al guardar el tablero',
  deleteError: 'Error al eliminar el tablero',
} as const

export const DASHBOARD_TYPE_LABELS = { 1: 'RFI', 2: 'Feedlot' } as const

/**
 * An external board's address: https only (a page over http would be mixed content, and anything
 * else — javascript:, data: — must never reach an iframe's src). Blank means a built-in board.
 */
export const boardUrlSchema = z
  .string()
  .trim()
  .max(2000, BOARD_MESSAGES.urlInvalid)
  .transform((value, ctx) => {
    if (value === '') return null
    let parsed: URL
    try {
      parsed = new URL(value)
    } catch {
      ctx.addIssue({ code: 'custom', message: BOARD_MESSAGES.urlInvalid })
      return z.NEVER
    }
    if (parsed.protocol !== 'https:' || !/^https:\/\/\S+$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: BOARD_MESSAGES.urlHttps })
      return z.NEVER
    }
    return parsed.href
  })

/** POST /v2/establishments/{id}/boards and PUT …/boards/{boardId}: the board's whole state. */
export const boardInputSchema = z
  .object({
    title: z
      .string({ error: BOARD_MESSAGES.titleRequired })
      .trim()
      .min(1, BOARD_MESSAGES.titleRequired)
      .max(BOARD_TITLE_MAX, BOARD_MESSAGES.titleTooLong),
    dashboard_type_id: z.union([z.literal(1), z.literal(2)], { error: BOARD_MESSAGES.typeInvalid }),
    default: z.boolean().default(false),
    url: boardUrlSchema.nullable().default(null),
  })
  .meta({
    id: 'BoardInput',
    examples: [
      {
        title: 'Tablero de ejemplo',
        dashboard_type_id: 1,
        default: false,
        url: 'https://example.com/report',
      },
    ],
  })
export type BoardInput = z.output<typeof boardInputSchema>
export type BoardInputValues = z.input<typeof boardInputSchema>

export const boardSavedSchema = z
  .object({ message: z.string(), data: boardSchema })
  .meta({ id: 'BoardSaved' })

/** The origin of an external board (what CSP frame-src names). */
export function boardOrigin(board: Pick<Board, 'url'>) {
  if (!board.url) return null
  try {
    return new URL(board.url).origin
  } catch {
    return null
  }
}

/** The board a dashboard opens first: the default one, else the first listed. */
export function openingBoard(boards: readonly Board[]) {
  return boards.find((board) => board.default) ?? boards[0]
}
