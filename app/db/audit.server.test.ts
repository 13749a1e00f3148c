import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordAudit } from './audit.server'
import type { DatabaseHandle } from './database.server'
import { createTestDatabase, testEngines } from './testing.server'

describe.each(testEngines())('recordAudit on %s', (engine) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await createTestDatabase(engine)
  })
  afterAll(() => handle.close())

  it('stores before and after as JSON and nothing when the transaction rolls back', async () => {
    await recordAudit(handle.db, {
      userId: null,
      action: 'animal_update',
      entity: 'animal',
      entityId: 'x1',
      before: { visual_tag: 'A1' },
      after: { visual_tag: 'A2' },
    })
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, [{ userId: null, action: 'animal_delete', entity: 'animal', entityId: 'x2' }])
        throw new Error('rollback')
      })
      .catch(() => undefined)
    const rows = await handle.db.selectFrom('audit_log').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'animal_update',
      entity_id: 'x1',
      before: { visual_tag: 'A1' },
      after: { visual_tag: 'A2' },
    })
  })
})
