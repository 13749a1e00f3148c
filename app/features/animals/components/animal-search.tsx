import { Combobox, createListCollection, useCombobox } from '@ark-ui/react/combobox'
import { Portal } from '@ark-ui/react/portal'
import { SearchIcon } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { Box, styled } from 'styled-system/jsx'
import { combobox as comboboxRecipe } from 'styled-system/recipes'
import type { PickerAnimal } from '../animal-record.schema'

/** Animals whose visual tag starts with the text (the app passes the picker list, mode all). */
export type AnimalSearchSource = (prefix: string) => Promise<PickerAnimal[]>

export interface AnimalSearchProps {
  source: AnimalSearchSource
  /** An animal was chosen: open its detail page. */
  onOpen: (visualTag: string) => void
}

const SEARCH_DELAY_MS = 250

/**
 * The header's animal search (spec section 2): type the start of a visual tag, pick an animal from
 * the suggestions with the mouse or the arrow keys and Enter, and its detail page opens. The
 * suggestions are a prefix match served by an index, so typing stays fast on 100,000 animals.
 */
export function AnimalSearch({ source, onOpen }: AnimalSearchProps) {
  const [text, setText] = useState('')
  const [found, setFound] = useState<{ prefix: string; animals: PickerAnimal[] }>({ prefix: '', animals: [] })
  const [failed, setFailed] = useState(false)
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

  const animals = prefix ? found.animals : []
  const searching = prefix !== '' && found.prefix !== prefix && !failed
  const collection = useMemo(
    () =>
      createListCollection({
        items: animals,
        itemToValue: (animal) => animal.uuid,
        itemToString: (animal) => animal.caravana_visual,
      }),
    [animals],
  )

  const combobox = useCombobox({
    collection,
    inputValue: text,
    onInputValueChange: (details) => setText(details.inputValue),
    onValueChange: (details) => {
      const animal = details.items[0]
      if (!animal) return
      setText('')
      onOpen(animal.caravana_visual)
    },
    inputBehavior: 'autohighlight',
    selectionBehavior: 'clear',
    openOnClick: prefix !== '',
    positioning: { placement: 'bottom-end', sameWidth: false },
  })

  const styles = comboboxRecipe({ size: 'sm' })
  return (
    // Ark's parts with the Park UI recipe's classes: the styled wrappers would lose the item type.
    <Combobox.RootProvider
      value={combobox}
      className={cx(styles.root, css({ width: { base: '36', md: '56' } }))}
    >
      <Combobox.Label className={cx(styles.label, css({ srOnly: true }))}>
        Buscar animal por IDV
      </Combobox.Label>
      <Combobox.Control className={styles.control}>
        <Box
          position="absolute"
          left="2.5"
          top="50%"
          transform="translateY(-50%)"
          color="fg.muted"
          pointerEvents="none"
        >
          <SearchIcon size={14} aria-hidden />
        </Box>
        <Combobox.Input placeholder="Buscar animal (IDV)" className={cx(styles.input, css({ ps: '8' }))} />
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner className={styles.positioner}>
          <Combobox.Content className={cx(styles.content, css({ minW: '56' }))}>
            {searching ? (
              <styled.div px="3" py="2" textStyle="sm" color="fg.muted" role="status">
                Buscando...
              </styled.div>
            ) : failed ? (
              <styled.div px="3" py="2" textStyle="sm" color="fg.error" role="alert">
                No se pudo buscar. Intente de nuevo.
              </styled.div>
            ) : animals.length === 0 ? (
              <styled.div px="3" py="2" textStyle="sm" color="fg.muted">
                Sin Resultados.
              </styled.div>
            ) : (
              collection.items.map((animal) => (
                <Combobox.Item key={animal.uuid} item={animal} className={styles.item}>
                  <Combobox.ItemText className={styles.itemText}>
                    <styled.span fontWeight="semibold">{animal.caravana_visual}</styled.span>
                    {animal.caravana_electronica ? (
                      <styled.span ms="2" color="fg.muted" fontFamily="mono" textStyle="xs">
                        {animal.caravana_electronica}
                      </styled.span>
                    ) : null}
                  </Combobox.ItemText>
                </Combobox.Item>
              ))
            )}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.RootProvider>
  )
}
