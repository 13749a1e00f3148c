import { animalFilterOptions, findAnimalByTag, listAnimals } from '~/features/animals/animals.server'
import {
  ANIMALS_EXPORT_FILE,
  exportAnimalsXlsx,
  XLSX_CONTENT_TYPE,
} from '~/features/animals/animals-export.server'
import { invalid, notFound } from '~/lib/domain-errors'
import { pageEnvelope } from '~/lib/list-query'
import { createRouter } from '../lib/create-router'
import { inProcessJson, isInProcess } from '../lib/in-process-answers'
import {
  animalExportRoute,
  animalFilterOptionsRoute,
  animalListRoute,
  animalLookupRoute,
} from './animals.routes'

/** Encoded list bodies kept per cached answer: one per way of writing the same query's URL. */
const LIST_BODIES_PER_ANSWER = 2
const utf8 = new TextEncoder()

export const animalsRouter = createRouter()
  .openapi(animalListRoute, async (c) => {
    const { establishmentId } = c.var
    const query = c.req.valid('query')
    // The page's rows as JSON, cached per process at the herd's version (decision 043). The links
    // are the request's own (its path and query as written), so the whole body is encoded per
    // request URL, and the first LIST_BODIES_PER_ANSWER of them are kept with the answer.
    const answer = await c.var.herdAnswers.answer(
      c.var.db,
      establishmentId,
      ['list', query],
      async () => {
        const { rows, total, page, perPage } = await listAnimals(c.var.db, establishmentId, query)
        const bodies = new Map<string, Uint8Array<ArrayBuffer>>()
        return { rows, data: JSON.stringify(rows), count: rows.length, total, page, perPage, bodies }
      },
      // The rows' text (two bytes a character), the encoded bodies kept with it, and the rows
      // themselves (about twice their text).
      (listed) => listed.data.length * (4 + LIST_BODIES_PER_ANSWER) + 1024,
    )
    // The UI's in-process call takes the rows as they are (decision 051): no text to parse.
    if (isInProcess(c))
      return inProcessJson(c, {
        data: answer.rows,
        ...pageEnvelope(c.req.url, answer.page, answer.perPage, answer.total, answer.count),
      }) as never
    const { pathname, search } = new URL(c.req.url)
    let body = answer.bodies.get(pathname + search)
    if (!body) {
      const envelope = JSON.stringify(
        pageEnvelope(c.req.url, answer.page, answer.perPage, answer.total, answer.count),
      )
      body = utf8.encode(`{"data":${answer.data},${envelope.slice(1)}`)
      if (answer.bodies.size < LIST_BODIES_PER_ANSWER) answer.bodies.set(pathname + search, body)
    }
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as never
  })
  .openapi(animalFilterOptionsRoute, async (c) => {
    // Counts of the herd's animals named from the framework: both versioned, so cached as the list.
    const { establishmentId } = c.var
    const body = await c.var.herdAnswers.answer(
      c.var.db,
      establishmentId,
      ['filter options'],
      async () => JSON.stringify({ data: await animalFilterOptions(c.var.db, establishmentId) }),
      (json) => json.length * 2,
    )
    return c.body(body, 200, { 'Content-Type': 'application/json' }) as never
  })
  .openapi(animalLookupRoute, async (c) => {
    const { establishmentId } = c.var
    const { tag } = c.req.valid('query')
    if (!tag) throw invalid('Indique una caravana (IDV o RFID)', 'tag')
    const animal = await findAnimalByTag(c.var.db, establishmentId, tag)
    if (!animal) throw notFound(`No hay ningún animal con la caravana ${tag} en este establecimiento`)
    return c.json({ data: animal }, 200)
  })
  .openapi(animalExportRoute, async (c) => {
    const { establishmentId } = c.var
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
