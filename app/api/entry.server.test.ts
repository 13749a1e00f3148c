import { describe, expect, it } from 'vitest'
import { isProviderApiUrl } from './entry.server'

describe('which requests the server entry hands to the provider API (decision 054)', () => {
  it('takes the API base path and everything under it', () => {
    for (const url of [
      'http://localhost:3000/app-insights/api',
      'http://localhost:3000/app-insights/api/',
      'http://localhost:3000/app-insights/api?x=1',
      'http://127.0.0.1:4600/app-insights/api/v2/establishments/4/animals?page=1&perPage=50',
      'https://campo.example.com/app-insights/api/health',
    ])
      expect(isProviderApiUrl(url), url).toBe(true)
  })

  it('leaves pages, local endpoints and look-alike paths to the page router', () => {
    for (const url of [
      'http://localhost:3000/',
      'http://localhost:3000/management/establishment',
      'http://localhost:3000/api/export/animals',
      'http://localhost:3000/app-insights/apis',
      'http://localhost:3000/app-insights/api-docs',
      'http://localhost:3000/x/app-insights/api/health',
      'http://localhost:3000/management?next=/app-insights/api/health',
      'http://localhost:3000',
    ])
      expect(isProviderApiUrl(url), url).toBe(false)
  })
})
