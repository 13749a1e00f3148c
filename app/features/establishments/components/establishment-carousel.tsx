import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { HStack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'

export interface CarouselProps {
  /** Names the list for assistive technology. */
  label: string
  /** One node per slide, each wrapped in a list item. */
  slides: { key: string | number; node: ReactNode }[]
  /** Rendered beside the previous/next buttons, e.g. the section's heading. */
  heading?: ReactNode
}

/**
 * A horizontal row of slides with scroll snapping, previous/next buttons ('Anterior', 'Siguiente')
 * and arrow-key movement between the focusable slides. It scrolls natively, so touch, trackpad and
 * Shift+wheel work too.
 */
export function Carousel({ label, slides, heading }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null)
  const [canGoBack, setCanGoBack] = useState(false)
  const [canGoForward, setCanGoForward] = useState(false)

  const updateEnds = useCallback(() => {
    const track = trackRef.current
    if (!track) return
    // A pixel of tolerance: fractional scroll positions never quite reach the end.
    setCanGoBack(track.scrollLeft > 1)
    setCanGoForward(track.scrollLeft + track.clientWidth < track.scrollWidth - 1)
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: the ends move when the slides change.
  useEffect(() => {
    updateEnds()
    const track = trackRef.current
    if (!track || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(updateEnds)
    observer.observe(track)
    return () => observer.disconnect()
  }, [updateEnds, slides.length])

  function scrollByPage(direction: 1 | -1) {
    const track = trackRef.current
    if (!track) return
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    track.scrollBy({ left: direction * track.clientWidth * 0.9, behavior: reduceMotion ? 'auto' : 'smooth' })
  }

  function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const focusables = Array.from(
      trackRef.current?.querySelectorAll<HTMLElement>('li > :is(button, a):not(:disabled)') ?? [],
    )
    const index = focusables.indexOf(document.activeElement as HTMLElement)
    if (index === -1) return
    const next = focusables[index + (event.key === 'ArrowRight' ? 1 : -1)]
    if (next) {
      event.preventDefault()
      next.focus()
    }
  }

  return (
    <div>
      <HStack justify="space-between" gap="4" mb="4">
        <div>{heading}</div>
        <HStack gap="2">
          <Button
            variant="outline"
            size="sm"
            px="0"
            aspectRatio="square"
            aria-label="Anterior"
            title="Anterior"
            disabled={!canGoBack}
            onClick={() => scrollByPage(-1)}
          >
            <ChevronLeftIcon />
          </Button>
          <Button
            variant="outline"
            size="sm"
            px="0"
            aspectRatio="square"
            aria-label="Siguiente"
            title="Siguiente"
            disabled={!canGoForward}
            onClick={() => scrollByPage(1)}
          >
            <ChevronRightIcon />
          </Button>
        </HStack>
      </HStack>
      {/* Arrow keys move focus between the slides' own buttons; the list itself takes no focus. */}
      <ul
        ref={trackRef}
        aria-label={label}
        className={trackClass}
        onScroll={updateEnds}
        onKeyDown={moveFocus}
      >
        {slides.map((slide) => (
          <li key={slide.key} className={slideClass}>
            {slide.node}
          </li>
        ))}
      </ul>
    </div>
  )
}

const trackClass = css({
  display: 'flex',
  gap: '4',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
  overscrollBehaviorX: 'contain',
  // Room for the cards' focus rings and hover lift, which the scroll container would clip.
  p: '1',
  m: '-1',
  pb: '3',
  scrollPaddingInline: '1',
  scrollbarWidth: 'thin',
})

const slideClass = css({
  flex: '0 0 auto',
  width: '52',
  scrollSnapAlign: 'start',
})
