import {
  FRAMEWORK_KINDS,
  FRAMEWORK_MESSAGES,
  type FrameworkKind,
} from '~/features/framework/framework.schema'
import {
  createFrameworkItem,
  deleteFrameworkItem,
  listFrameworkItems,
  setFrameworkItemArchived,
  updateFrameworkItem,
} from '~/features/framework/framework.server'
import { createRouter } from '../lib/create-router'
import { FRAMEWORK_ROUTES } from './framework.routes'

/**
 * The guards checked membership (and admin rights for every write): framework.routes.ts. The six
 * kinds share their handlers; the routes are typed per kind, so the loop reads them loosely.
 */
// biome-ignore lint/suspicious/noExplicitAny: one handler set for six route types, validated by each route
type AnyContext = any

function kindRouter(kind: FrameworkKind) {
  const routes = FRAMEWORK_ROUTES[kind]
  const who = (c: AnyContext) => ({
    establishmentId: c.var.establishmentId as number,
    userId: c.var.user.id as number,
  })
  const itemId = (c: AnyContext) => Number(c.req.valid('param').itemId)
  return createRouter()
    .openapi(routes.list, async (c: AnyContext) => {
      const { include_archived } = c.req.valid('query')
      const data = await listFrameworkItems(c.var.db, kind, c.var.establishmentId, {
        includeArchived: include_archived,
      })
      return c.json({ data }, 200)
    })
    .openapi(routes.create, async (c: AnyContext) => {
      const data = await createFrameworkItem(c.var.db, kind, { ...who(c), body: c.req.valid('json') })
      return c.json({ message: FRAMEWORK_MESSAGES.success.create(kind), data }, 201)
    })
    .openapi(routes.update, async (c: AnyContext) => {
      const data = await updateFrameworkItem(c.var.db, kind, {
        ...who(c),
        id: itemId(c),
        body: c.req.valid('json'),
      })
      return c.json({ message: FRAMEWORK_MESSAGES.success.update(kind), data }, 200)
    })
    .openapi(routes.archive, async (c: AnyContext) => {
      const data = await setFrameworkItemArchived(c.var.db, kind, {
        ...who(c),
        id: itemId(c),
        archived: true,
      })
      return c.json({ message: FRAMEWORK_MESSAGES.success.archive(kind), data }, 200)
    })
    .openapi(routes.restore, async (c: AnyContext) => {
      const data = await setFrameworkItemArchived(c.var.db, kind, {
        ...who(c),
        id: itemId(c),
        archived: false,
      })
      return c.json({ message: FRAMEWORK_MESSAGES.success.restore(kind), data }, 200)
    })
    .openapi(routes.remove, async (c: AnyContext) => {
      await deleteFrameworkItem(c.var.db, kind, { ...who(c), id: itemId(c) })
      return c.json({ message: FRAMEWORK_MESSAGES.success.delete(kind) }, 200)
    })
}

export const frameworkRouter = createRouter()
for (const kind of FRAMEWORK_KINDS) frameworkRouter.route('/', kindRouter(kind))
