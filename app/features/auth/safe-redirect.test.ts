import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

describe('redirect after sign-in', () => {
  it.each([
    ['/management/establishment/app-insights/summary', '/management/establishment/app-insights/summary'],
    ['/management/configuration/user-profile?x=1', '/management/configuration/user-profile?x=1'],
    ['https://malicioso.example/management/', '/management/establishment'],
    ['//malicioso.example', '/management/establishment'],
    ['/management/\\\\malicioso.example', '/management/establishment'],
    ['/management/login', '/management/establishment'],
    [undefined, '/management/establishment'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected)
  })
})
