import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '~/routeTree.gen'
import { animalPageHref } from './animal-columns'

describe("the IDV's link to the animal's page", () => {
  it('the server writes the address the router would', () => {
    const router = createRouter({ routeTree, context: { queryClient: undefined as never } })
    for (const visualTag of ['1500007', 'AB-12', 'vaca 7', 'a/b', 'ñandú#1', '50%']) {
      const { href } = router.buildLocation({
        to: '/management/establishment/app-insights/animal/$visualTag',
        params: { visualTag },
        search: { establecimiento: 4 },
      })
      expect(animalPageHref(visualTag, 4)).toBe(href)
    }
  })
})
