import { animalFilterOptions, findAnimalByTag, listAnimals } from '~/features/animals/animals.server'
import {
  ANIMALS_EXPORT_FILE,
  exportAnimalsXlsx,
  XLSX_CONTENT_TYPE,
} from '~/features/animals/animals-export.server'
import { pageEnvelope } from '~/lib/list-query'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import {
  animalExportRoute,
  animalFilterOptionsRoute,
  animalListRoute,
  animalLookupRoute,
} from './animals.routes'

export const animalsRouter = createRouter()
  .openapi(animalListRoute, async (c) => {
    const { establishmentId } = c.req.valid('param')
    await requireMembership(c, establishmentId)
    const query = c.req.valid('query')
    const { rows, total, page, perPage } = await listAnimals(c.var.db, establishmentId, query)
    return c.json({ data: rows, ...pageEnvelope(c.req.url, page, perPage, total, rows.length) }, 200)
  })
  .openapi(animalFilterOptionsRoute, async (c) => {
    const { eid } = c.req.valid('param')
    await requireMembership(c, eid)
    return c.json({ data: await animalFilterOptions(c.var.db, eid) }, 200)
  })
  .openapi(animalLookupRoute, async (c) => {
    const { establishmentId } = c.req.valid('param')
    await requireMembership(c, establishmentId)
    const { tag } = c.req.valid('query')
    if (!tag) throw new ApiError(400, 'Indique una caravana (IDV o RFID)')
    const animal = await findAnimalByTag(c.var.db, establishmentId, tag)
    if (!animal)
      throw new ApiError(404, `No hay ningún animal con la caravana ${tag} en este establecimiento`)
    return c.json({ data: animal }, 200)
  })
  .openapi(animalExportRoute, async (c) => {
    const { establishmentId } = c.req.valid('param')
    await requireMembership(c, establishmentId)
    const { columns, ...selection } = c.req.valid('query')
    // The workbook is written while it is sent: the response starts before the last row is read.
    const body = exportAnimalsXlsx(c.var.db, establishmentId, selection, columns)
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': XLSX_CONTENT_TYPE,
        'Content-Disposition': `attachment; filename="${ANIMALS_EXPORT_FILE}"`,
        'Cache-Control': 'no-store',
      },
    }) as never
  })
