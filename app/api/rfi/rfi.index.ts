import { RFI_MESSAGES } from '~/features/rfi/rfi.schema'
import {
  animalRfi,
  createTest,
  deleteTest,
  importIntake,
  listTests,
  testResult,
} from '~/features/rfi/rfi.server'
import { createRouter } from '../lib/create-router'
import {
  animalRfiRoute,
  createRfiTestRoute,
  deleteRfiTestRoute,
  intakeUploadRoute,
  listRfiTestsRoute,
  rfiResultRoute,
} from './rfi.routes'

export const rfiRouter = createRouter()
  .openapi(listRfiTestsRoute, async (c) =>
    c.json({ data: await listTests(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(createRfiTestRoute, async (c) => {
    const data = await createTest(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      test: c.req.valid('json'),
    })
    return c.json({ message: RFI_MESSAGES.testCreated, data }, 201)
  })
  .openapi(rfiResultRoute, async (c) =>
    c.json(await testResult(c.var.db, c.var.establishmentId, c.req.valid('param').testId), 200),
  )
  .openapi(deleteRfiTestRoute, async (c) => {
    await deleteTest(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      testId: c.req.valid('param').testId,
    })
    return c.json({ message: RFI_MESSAGES.testDeleted }, 200)
  })
  .openapi(intakeUploadRoute, async (c) => {
    const rows = await importIntake(c.var.db, {
      establishmentId: c.var.establishmentId,
      userId: c.var.user.id,
      file: c.req.valid('form').file,
    })
    return c.json({ message: RFI_MESSAGES.intakeSaved(rows), rows }, 201)
  })
  .openapi(animalRfiRoute, async (c) =>
    c.json({ data: await animalRfi(c.var.db, c.req.valid('param').id) }, 200),
  )
