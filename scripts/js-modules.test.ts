import { describe, expect, it } from 'vitest'
import { bytesPerSource, decodeSegment, moduleName } from './js-modules'

describe('JavaScript by module (decision 042)', () => {
  it('decodes source map segments (base64 VLQ)', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0])
    expect(decodeSegment('CCAA')).toEqual([1, 1, 0, 0])
    expect(decodeSegment('ADAA')).toEqual([0, -1, 0, 0])
    expect(decodeSegment('gBAAA')).toEqual([16, 0, 0, 0])
  })

  it("counts each minified byte for the source its segment maps to, the rest as '(unmapped)'", () => {
    // Line 1: 'a' from a.ts, 'b' from b.ts; line 2: 'cd' from a.ts, then 'ef' with no source.
    const totals = bytesPerSource('ab\ncdef', {
      sources: ['a.ts', 'b.ts'],
      mappings: 'AAAA,CCAA;ADAA,E',
    })
    expect(Object.fromEntries(totals)).toEqual({ 'a.ts': 3, 'b.ts': 1, '(unmapped)': 3 })
  })

  it('names a module by its package, or by its path in the project', () => {
    const react = '../../node_modules/react-dom/cjs/react-dom-client.production.js'
    expect(moduleName(react, true)).toBe('react-dom')
    expect(moduleName(react, false)).toBe('react-dom/cjs/react-dom-client.production.js')
    expect(moduleName('../../node_modules/@tanstack/router-core/dist/esm/router.js', true)).toBe(
      '@tanstack/router-core',
    )
    expect(moduleName('../../app/routes/management/login.tsx?tsr-split=component', true)).toBe(
      'app/routes/management/login.tsx',
    )
  })
})
