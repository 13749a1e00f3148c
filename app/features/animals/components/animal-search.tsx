import { SearchIcon } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { styled } from 'styled-system/jsx'
import { combobox as comboboxRecipe } from 'styled-system/recipes'
import type { PickerAnimal } from '../animal-record.schema'
import { departureText, hasLeftHerd } from '../departure'

/** Animals whose visual tag starts with the text (the app passes the picker list, mode all). */
export type AnimalSearchSource = (prefix: string) => Promise<PickerAnimal[]>

export interface AnimalSearchProps {
  source: AnimalSearchSource
  /** An animal was chosen: open its detail page. */
  onOpen: (visualTag: string) => void
}

const SEARCH_DELAY_MS = 250

// In the header of every establishment page, server-rendered: the classes of what shows before a
// search are computed once, not per render (decision 050).
const rootClass = css({ position: 'relative', width: { base: 'full', md: '56' } })
const labelClass = css({ srOnly: true })
const controlClass = css({ position: 'relative' })
const iconClass = css({
  position: 'absolute',
  left: '2.5',
  top: '50%',
  transform: 'translateY(-50%)',
  color: 'fg.muted',
  pointerEvents: 'none',
})
const inputClass = css({ ps: '8', boxSizing: 'border-box', w: 'full', minW: '0' })
const listClass = css({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  right: '0',
  minW: '56',
  zIndex: 'dropdown',
})

/**
 * The header's animal search (spec section 2): type the start of a visual tag, pick an animal from
 * the suggestions with the mouse or the arrow keys and Enter, and its detail page opens. The
 * suggestions are a prefix match served by an index, so typing stays fast on 100,000 animals.
 *
 * An ARIA 1.2 combobox written here with the Park UI combobox styles rather than Ark's Combobox:
 * Ark's machine writes its own copy of the text back into the input after each change, and a fast
 * typist (or a tag reader typing into the field) lost characters to it ('1302' became '132').
 */
export function AnimalSearch({ source, onOpen }: AnimalSearchProps) {
  const [text, setText] = useState('')
  const [found, setFound] = useState<{ prefix: string; animals: PickerAnimal[] }>({ prefix: '', animals: [] })
  const [failed, setFailed] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const inputId = useId()
  const listId = useId()
  const prefix = text.trim()

  useEffect(() => {
    if (!prefix) return
    let current = true
    const timer = setTimeout(() => {
      source(prefix)
        .then((animals) => {
          if (!current) return
          setFailed(false)
          setFound({ prefix, animals })
          // The first suggestion is ready for Enter.
          setActive(animals.length > 0 ? 0 : -1)
        })
        .catch(() => {
          if (current) setFailed(true)
        })
    }, SEARCH_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [prefix, source])

  const animals = prefix && found.prefix === prefix ? found.animals : []
  const searching = prefix !== '' && found.prefix !== prefix && !failed
  const expanded = open && prefix !== ''
  // The listbox exists only while it has options: an empty one, or one holding the 'Buscando...' and
  // 'Sin Resultados.' messages, is a listbox without options (axe aria-required-children). Those
  // messages are a status next to it.
  const listed = expanded && !searching && !failed && animals.length > 0
  const optionId = (index: number) => `${listId}-${index}`

  function choose(animal: PickerAnimal) {
    setText('')
    setOpen(false)
    setActive(-1)
    onOpen(animal.caravana_visual)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (animals.length === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => (index + step + animals.length) % animals.length)
    } else if (event.key === 'Enter') {
      const animal = animals[active]
      if (expanded && animal) {
        event.preventDefault()
        choose(animal)
      }
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false)
      else setText('')
    }
  }

  const styles = comboboxRecipe({ size: 'sm' })
  return (
    <div className={cx(rootClass, styles.root)}>
      <label htmlFor={inputId} className={labelClass}>
        Buscar animal por IDV
      </label>
      <div className={cx(controlClass, styles.control)}>
        <div className={iconClass}>
          <SearchIcon size={14} aria-hidden />
        </div>
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={listed && active >= 0 && animals[active] ? optionId(active) : undefined}
          placeholder="Buscar animal (IDV)"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          // Border-box: the icon's padding stays inside the box, which the header sizes (it overlapped the next button).
          className={cx(styles.input, inputClass)}
        />
      </div>
      <div
        hidden={!expanded}
        data-state={expanded ? 'open' : 'closed'}
        className={cx(styles.content, listClass)}
      >
        {!expanded ? null : searching ? (
          <styled.div px="3" py="2" textStyle="sm" color="fg.muted" role="status">
            Buscando...
          </styled.div>
        ) : failed ? (
          <styled.div px="3" py="2" textStyle="sm" color="fg.error" role="alert">
            No se pudo buscar. Intente de nuevo.
          </styled.div>
        ) : animals.length === 0 ? (
          <styled.div px="3" py="2" textStyle="sm" color="fg.muted" role="status">
            Sin Resultados.
          </styled.div>
        ) : (
          <div id={listId} role="listbox" aria-label="Animales encontrados">
            {animals.map((animal, index) => (
              <div
                key={animal.uuid}
                id={optionId(index)}
                role="option"
                // Focus stays in the input (aria-activedescendant); -1 keeps the option out of the tab order.
                tabIndex={-1}
                aria-selected={index === active}
                data-highlighted={index === active ? '' : undefined}
                className={cx(styles.item, css({ cursor: 'pointer' }))}
                // Keeps the focus in the input, so the click is not lost to its blur.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(animal)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') choose(animal)
                }}
              >
                <span className={styles.itemText}>
                  <styled.span fontWeight="semibold">{animal.caravana_visual}</styled.span>
                  {animal.caravana_electronica ? (
                    <styled.span ms="2" color="fg.muted" fontFamily="mono" textStyle="xs">
                      {animal.caravana_electronica}
                    </styled.span>
                  ) : null}
                  {/* An animal that left the herd stays findable (its history), marked (decision 018). */}
                  {hasLeftHerd(animal) ? (
                    <styled.span ms="2" color="fg.muted" textStyle="xs" fontStyle="italic">
                      {departureText(animal)}
                    </styled.span>
                  ) : null}
                </span>
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  )
}
