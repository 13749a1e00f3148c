import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { createBoardRoute, deleteBoardRoute, updateBoardRoute } from '~/api/boards/boards.routes'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { BOARD_MESSAGES, boardInputSchema } from './boards.schema'

const target = z.object({ establishmentId: z.number().int().positive() })

export const saveBoardFn = createServerFn({ method: 'POST' })
  .validator(target.extend({ boardId: z.number().int().positive().optional(), board: boardInputSchema }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(BOARD_MESSAGES.saveError, async () => {
        const answer = data.boardId
          ? await provider().call(updateBoardRoute, {
              param: { id: data.establishmentId, boardId: data.boardId },
              json: data.board,
            })
          : await provider().call(createBoardRoute, { param: { id: data.establishmentId }, json: data.board })
        return { ok: true, message: answer.message }
      }),
  )

export const deleteBoardFn = createServerFn({ method: 'POST' })
  .validator(target.extend({ boardId: z.number().int().positive() }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(BOARD_MESSAGES.deleteError, async () => {
        const answer = await provider().call(deleteBoardRoute, {
          param: { id: data.establishmentId, boardId: data.boardId },
        })
        return { ok: true, message: answer.message }
      }),
  )
