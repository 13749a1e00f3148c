import { animalFilterOptions, findAnimalByTag, listAnimals } from '~/features/animals/animals.server'
import { requireMembership } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import { animalFilterOptionsRoute, animalListRoute, animalLookupRoute } from './animals.routes'

export const animalsRouter = createRouter()
  .openapi(animalListRoute, async (c) => {
    const { establishmentId } = c.req.valid('param')
    await requireMembership(c, establishmentId)
    const query = c.req.valid('query')
    const { rows, total, page, perPage } = await listAnimals(c.var.db, establishmentId, query)
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const link = (target: number) => {
      const url = new URL(c.req.url)
      url.searchParams.set('page', String(target))
      return `${url.pathname}${url.search}`
    }
    const from = rows.length ? (page - 1) * perPage + 1 : null
    return c.json(
      {
        data: rows,
        meta: {
          current_page: page,
          per_page: perPage,
          total,
          last_page: lastPage,
          from,
          to: from ? from + rows.length - 1 : null,
        },
        links: {
          first: link(1),
          last: link(lastPage),
          prev: page > 1 ? link(page - 1) : null,
          next: page < lastPage ? link(page + 1) : null,
        },
      },
      200,
    )
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
