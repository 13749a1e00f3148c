import { BOARD_MESSAGES } from '~/features/boards/boards.schema'
import { deleteBoard, saveBoard } from '~/features/boards/boards.server'
import { createRouter } from '../lib/create-router'
import { createBoardRoute, deleteBoardRoute, updateBoardRoute } from './boards.routes'

/** The guards checked membership and admin rights (boards.routes.ts); the domain scopes the id. */
export const boardsRouter = createRouter()
  .openapi(createBoardRoute, async (c) => {
    const data = await saveBoard(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      board: c.req.valid('json'),
    })
    return c.json({ message: BOARD_MESSAGES.created, data }, 201)
  })
  .openapi(updateBoardRoute, async (c) => {
    const data = await saveBoard(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      boardId: c.req.valid('param').boardId,
      board: c.req.valid('json'),
    })
    return c.json({ message: BOARD_MESSAGES.updated, data }, 200)
  })
  .openapi(deleteBoardRoute, async (c) => {
    await deleteBoard(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      boardId: c.req.valid('param').boardId,
    })
    return c.json({ message: BOARD_MESSAGES.deleted }, 200)
  })
