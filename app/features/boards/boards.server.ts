import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import type { Board } from '~/features/establishments/establishment.schema'
import { notFound } from '~/lib/domain-errors'
import { BOARD_MESSAGES, type BoardInput } from './boards.schema'

const COLUMNS = ['id', 'title', 'url', 'is_default as default', 'dashboard_type_id'] as const

/**
 * Writes a board under a per-establishment lock. Marking one default un-marks the others of its type
 * first, in the same transaction; the partial unique index `boards_one_default_key` is what makes two
 * defaults impossible whatever path writes (this only makes the common case succeed instead of fail).
 */
export async function saveBoard(
  db: DB,
  input: { establishmentId: number; userId: number; boardId?: number; board: BoardInput },
): Promise<Board> {
  return db.transaction().execute(async (trx) => {
    // Two admins marking two boards default at once wait for each other instead of one failing.
    await sql`select pg_advisory_xact_lock(hashtext('board_write'), ${input.establishmentId}::int)`.execute(
      trx,
    )
    const before = input.boardId
      ? await trx
          .selectFrom('boards')
          .select(COLUMNS)
          .where('id', '=', input.boardId)
          .where('establishment_id', '=', input.establishmentId)
          .forUpdate()
          .executeTakeFirst()
      : undefined
    if (input.boardId && !before) throw notFound(BOARD_MESSAGES.notFound)
    const { title, dashboard_type_id, url } = input.board
    if (input.board.default) {
      await trx
        .updateTable('boards')
        .set({ is_default: false })
        .where('establishment_id', '=', input.establishmentId)
        .where('dashboard_type_id', '=', dashboard_type_id)
        .where('is_default', '=', true)
        .$if(input.boardId !== undefined, (q) => q.where('id', '<>', input.boardId as number))
        .execute()
    }
    const values = { title, dashboard_type_id, url, is_default: input.board.default }
    const saved = input.boardId
      ? await trx
          .updateTable('boards')
          .set(values)
          .where('id', '=', input.boardId)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('boards')
          .values({ ...values, establishment_id: input.establishmentId })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: input.boardId ? 'board_update' : 'board_create',
      entity: 'board',
      entityId: saved.id,
      before,
      after: saved,
    })
    return saved
  })
}

export async function deleteBoard(
  db: DB,
  input: { establishmentId: number; userId: number; boardId: number },
) {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('boards')
      .where('id', '=', input.boardId)
      .where('establishment_id', '=', input.establishmentId)
      .returning(COLUMNS)
      .executeTakeFirst()
    if (!deleted) throw notFound(BOARD_MESSAGES.notFound)
    await recordAudit(trx, {
      userId: input.userId,
      establishmentId: input.establishmentId,
      action: 'board_delete',
      entity: 'board',
      entityId: deleted.id,
      before: deleted,
    })
  })
}
