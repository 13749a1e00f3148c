import ky from 'ky'
import { describe, expect, it } from 'vitest'
import { providerFind, providerRead } from './session.server'

/** A client whose provider answers `status` with `body`, at an internal address. */
function providerAnswering(status: number, body: unknown) {
  return ky.create({
    baseUrl: 'http://proveedor.interno:8080/app-insights/api/',
    retry: 0,
    fetch: async () => Response.json(body, { status }),
  })
}

describe('reads of GET server functions', () => {
  it('rethrow the provider’s Spanish message or the fallback, never the provider’s address', async () => {
    const refused = providerAnswering(403, { error: 'No tiene acceso a este establecimiento' })
    await expect(
      providerRead('No se pudo obtener la lista', () => refused.get('v2/x').json()),
    ).rejects.toThrow(/^No tiene acceso a este establecimiento$/)
    const broken = providerAnswering(500, 'fallo')
    const failure = await providerRead('No se pudo obtener la lista', () => broken.get('v2/x').json()).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(Error)
    expect(failure instanceof Error && failure.message).toBe('No se pudo obtener la lista')
    expect(String(failure)).not.toMatch(/proveedor\.interno|app-insights/)
  })

  it('answer null for a 404 when finding, and the data when there is some', async () => {
    const missing = providerAnswering(404, { error: 'El animal no existe' })
    expect(await providerFind('No se pudo buscar', () => missing.get('v2/animals/x').json())).toBeNull()
    const found = providerAnswering(200, { data: 1 })
    expect(await providerRead('x', () => found.get('v2/y').json())).toEqual({ data: 1 })
    await expect(
      providerFind('No se pudo buscar', () => providerAnswering(502, {}).get('v2/animals/x').json()),
    ).rejects.toThrow(/^No se pudo buscar$/)
  })
})
