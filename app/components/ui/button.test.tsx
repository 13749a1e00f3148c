import { render, screen } from '@testing-library/react'
import { button } from 'styled-system/recipes'
import { describe, expect, it } from 'vitest'
import { Button } from './button'

const classesOf = (element: HTMLElement) => new Set(element.className.split(' ').filter(Boolean))

describe('Button', () => {
  it('without style props has the recipe classes of its variants (and its own class)', () => {
    render(
      <Button variant="outline" size="sm" title="Recargar" className="extra" aria-busy>
        Recargar
      </Button>,
    )
    const element = screen.getByRole('button', { name: 'Recargar' })
    expect(classesOf(element)).toEqual(
      new Set([...button({ variant: 'outline', size: 'sm' }).split(' '), 'extra']),
    )
    expect(element).toHaveAttribute('type', 'button')
    expect(element).toHaveAttribute('title', 'Recargar')
  })

  it('gives the same classes whichever way it resolves them', () => {
    render(
      <>
        <Button variant="ghost">Sin estilo</Button>
        <Button variant="ghost" px="0">
          Con estilo
        </Button>
      </>,
    )
    const plain = classesOf(screen.getByRole('button', { name: 'Sin estilo' }))
    const styled = classesOf(screen.getByRole('button', { name: 'Con estilo' }))
    expect(styled).toEqual(new Set([...plain, 'px_0']))
  })

  it('disabled while loading, on either path', () => {
    render(
      <>
        <Button loading>Uno</Button>
        <Button loading px="2">
          Dos
        </Button>
      </>,
    )
    for (const element of screen.getAllByRole('button')) {
      expect(element).toBeDisabled()
      expect(element).toHaveAttribute('aria-busy', 'true')
    }
  })
})
