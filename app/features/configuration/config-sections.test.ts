import { describe, expect, it } from 'vitest'
import { CONFIG_SECTIONS } from './config-sections'
import { CONFIG_SECTION_KEYS, configurationSearchSchema } from './config-sections.schema'

describe('configuration sections and the address', () => {
  it('the route accepts exactly the sections the screen has, in its order', () => {
    expect(CONFIG_SECTIONS.map((section) => section.key)).toEqual([...CONFIG_SECTION_KEYS])
  })

  it('keeps a known section and drops an unknown one', () => {
    expect(configurationSearchSchema.parse({ seccion: 'auditoria', pagina: '2' })).toEqual({
      seccion: 'auditoria',
      pagina: '2',
    })
    expect(configurationSearchSchema.parse({ seccion: 'nada' }).seccion).toBeUndefined()
  })
})
