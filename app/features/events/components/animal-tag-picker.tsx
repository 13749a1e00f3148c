import { SearchIcon, UserPlusIcon } from 'lucide-react'
import { type Ref, useId, useRef, useState } from 'react'
import { Box, HStack, Stack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Field from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { markScan } from '../scan-timing'

export const TAG_PICKER_TEXT = {
  label: 'Caravana (IDV o RFID)',
  placeholder: 'Escanee o escriba la caravana y presione Enter',
  search: 'Buscar animal',
  create: 'Crear animal',
  notFound: (tag: string) => `No hay ningún animal con la caravana ${tag} en este establecimiento.`,
  failed: 'No se pudo buscar el animal. Revise la conexión e intente de nuevo.',
} as const

export interface AnimalTagPickerProps {
  /** The animal picked so far (its context card is shown by the form). */
  animal: AnimalListRow | null
  onPick: (animal: AnimalListRow | null) => void
  /** The live animal of the establishment a tag names (IDV any case, or RFID, repaired), or null. */
  findAnimal: (tag: string) => Promise<AnimalListRow | null>
  inputRef?: Ref<HTMLInputElement>
  /**
   * When given, an unknown tag offers 'Crear animal' with the tag typed. It may answer the created
   * animal's tag (or null if none was created): that animal is then picked.
   */
  onCreateAnimal?: (tag: string) => Promise<string | null>
  /** A validation message (e.g. 'El animal es obligatorio.'). */
  error?: string
  /** Focus the tag field when it appears (the chute: each next animal starts here). */
  autoFocus?: boolean
  size?: 'md' | 'lg'
  /**
   * A picker that takes many animals (a treatment): each Enter hands its tag to a lookup and clears
   * the field at once, so a reader may scan the next tag before the previous lookup answers. The
   * answers reach `onPick` in scan order.
   */
  continuous?: boolean
}

type Status =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'not-found'; tag: string }
  | { kind: 'failed' }

/**
 * Picks the animal by its tag: typed by hand or by an RFID stick reader, which types the 15 digits
 * and Enter. Enter searches (it never submits the form); the server repairs an RFID that lost its
 * leading zero (14 digits) or got one too many (16). An unknown tag says so, and offers to create the
 * animal when the page can.
 */
export function AnimalTagPicker({
  animal,
  onPick,
  findAnimal,
  inputRef,
  onCreateAnimal,
  error,
  autoFocus,
  size = 'md',
  continuous,
}: AnimalTagPickerProps) {
  const [text, setText] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [lookups, setLookups] = useState(0)
  // Continuous mode: the answers are delivered one after another, in the order the tags were read.
  const delivered = useRef<Promise<void>>(Promise.resolve())
  const latestOnPick = useRef(onPick)
  latestOnPick.current = onPick
  const messageId = useId()

  function scan(tag: string) {
    setText('')
    setLookups((n) => n + 1)
    // Every lookup starts now (they run side by side); only their delivery is queued.
    const lookup = findAnimal(tag)
    delivered.current = delivered.current.then(async () => {
      try {
        const found = await lookup
        latestOnPick.current(found)
        setStatus(found ? { kind: 'idle' } : { kind: 'not-found', tag })
      } catch {
        setStatus({ kind: 'failed' })
      } finally {
        setLookups((n) => n - 1)
      }
    })
  }

  async function search(typed = text) {
    const tag = typed.trim()
    if (!tag) return
    if (continuous) return scan(tag)
    setStatus({ kind: 'searching' })
    try {
      const found = await findAnimal(tag)
      onPick(found)
      setStatus(found ? { kind: 'idle' } : { kind: 'not-found', tag })
    } catch {
      onPick(null)
      setStatus({ kind: 'failed' })
    }
  }

  const tall = size === 'lg' ? { height: '14', textStyle: 'xl' } : {}
  const problem =
    status.kind === 'not-found'
      ? TAG_PICKER_TEXT.notFound(status.tag)
      : status.kind === 'failed'
        ? TAG_PICKER_TEXT.failed
        : error
  return (
    <Stack gap="2">
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>{TAG_PICKER_TEXT.label}</Field.Label>
        <HStack gap="2" alignItems="stretch">
          <Box flex="1" minW="0" position="relative">
            <Field.Input
              ref={inputRef}
              name="tag"
              value={text}
              autoComplete="off"
              autoFocus={autoFocus}
              spellCheck={false}
              placeholder={TAG_PICKER_TEXT.placeholder}
              aria-describedby={problem ? messageId : undefined}
              onFocus={(event) => event.currentTarget.select()}
              onChange={(event) => {
                setText(event.target.value)
                if (status.kind !== 'idle') setStatus({ kind: 'idle' })
                if (animal) onPick(null)
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return
                // Enter picks the animal; it must not submit the record.
                event.preventDefault()
                markScan()
                void search()
              }}
              {...tall}
            />
            {status.kind === 'searching' || lookups > 0 ? (
              <Box position="absolute" right="3" top="50%" transform="translateY(-50%)">
                <Spinner size="sm" aria-label="Buscando" />
              </Box>
            ) : null}
          </Box>
          <Button
            variant="outline"
            size={size === 'lg' ? 'xl' : 'md'}
            aria-label={TAG_PICKER_TEXT.search}
            title={TAG_PICKER_TEXT.search}
            disabled={!text.trim() || status.kind === 'searching'}
            onClick={() => void search()}
          >
            <SearchIcon aria-hidden />
          </Button>
        </HStack>
        <Field.ErrorText id={messageId} role="alert">
          {problem}
        </Field.ErrorText>
      </Field.Root>
      {status.kind === 'not-found' && onCreateAnimal ? (
        <HStack>
          <Button
            variant="outline"
            size={size === 'lg' ? 'lg' : 'sm'}
            onClick={async () => {
              const created = await onCreateAnimal(status.tag)
              if (!created) return
              setText(created)
              void search(created)
            }}
          >
            <UserPlusIcon aria-hidden /> {TAG_PICKER_TEXT.create} {status.tag}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  )
}
