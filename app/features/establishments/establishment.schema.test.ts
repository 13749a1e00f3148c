import { describe, expect, it } from 'vitest'
import { cattleHandlingBoardOrigin, establishmentInitials } from './establishment.schema'

describe('establishment card initials', () => {
  it.each([
    ['La Esperanza', 'LE'],
    ['El Ombú', 'EO'],
    ['Ombú', 'OM'],
    ['  santa   rosa del sur ', 'SR'],
    ['', '?'],
  ])('%s → %s', (name, initials) => {
    expect(establishmentInitials(name)).toBe(initials)
  })
})

describe("Tablero's frame-src origin for the cattle-handling board", () => {
  it.each([
    ['https://tableros.example.com/manga?vista=1', 'https://tableros.example.com'],
    ['https://tableros.example.com:8443/x', 'https://tableros.example.com:8443'],
    ['https://ñandú.com.ar/tablero', 'https://xn--and-6ma2c.com.ar'],
    ['http://tableros.example.com/manga', null],
    ['javascript:alert(1)', null],
    ['no es una dirección', null],
    [null, null],
    // The URL parser keeps these in a host; in a CSP header they would end or add a source.
    ["https://a.example;script-src 'unsafe-inline'/", null],
    ['https://a.example,b.example/', null],
    ["https://a'b.example/", null],
  ])('%s → %s', (url, origin) => {
    expect(cattleHandlingBoardOrigin(url)).toBe(origin)
  })
})
