import { offlineSnapshotJson } from '~/features/offline/offline-snapshot.server'
import { createRouter } from '../lib/create-router'
import { offlineSnapshotRoute } from './offline.routes'

/** The route's guard checked membership (offline.routes.ts). */
export const offlineRouter = createRouter().openapi(offlineSnapshotRoute, async (c) => {
  // Written by the database as JSON text (offline-snapshot.server.ts): handed on, never parsed here
  // (the schema documents it; the typed handler would want an object to serialize again).
  const text = await offlineSnapshotJson(c.var.db, c.var.establishmentId)
  return new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  }) as never
})
