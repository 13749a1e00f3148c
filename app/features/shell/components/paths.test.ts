import { describe, expect, it } from 'vitest'
import { sectionLinks, sectionPaths } from './paths'

describe('sectionPaths', () => {
  it('names the establishment in every section address (issue 16: links that lose what they name)', () => {
    const base = '/management/establishment/app-insights'
    expect(sectionPaths(12)).toEqual({
      summary: `${base}/summary?establecimiento=12`,
      animals: `${base}/animals/12/breeding-herd`,
      cattlehandling: `${base}/cattlehandling?establecimiento=12`,
      rerunner: `${base}/rerunner/12/births`,
      dash: `${base}/dash?establecimiento=12`,
    })
  })

  it('gives the router the search apart from the path', () => {
    expect(sectionLinks(7).summary).toEqual({
      to: '/management/establishment/app-insights/summary',
      search: { establecimiento: 7 },
    })
    // The path already names it: no search repeats it.
    expect(sectionLinks(7).animals).toEqual({
      to: '/management/establishment/app-insights/animals/7/breeding-herd',
    })
  })
})
