import { Portal } from '@ark-ui/react/portal'
import { XIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { NativeSelect } from '~/components/ui/native-select'
import * as Tabs from '~/components/ui/tabs'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import { MOVE_MESSAGES, type SelectedAnimal } from '../animal-moves.schema'

export type MoveKind = 'rodeo' | 'type'
export interface MoveTarget {
  id: number
  description: string
}

export interface EventsDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The selected animals (id and IDV); the dialog works on a copy the user can shorten. */
  animals: SelectedAnimal[]
  /** Still resolving the visual tags of a selection spanning pages. */
  loadingAnimals?: boolean
  rodeos: MoveTarget[]
  categories: MoveTarget[]
  /** Sends the move; the dialog shows the toast and closes on success. */
  onApply: (kind: MoveKind, targetId: number, animalIds: string[]) => Promise<ActionResult>
}

const TABS: { kind: MoveKind; label: string; field: string; placeholder: string }[] = [
  { kind: 'rodeo', label: 'Cambio de Rodeo', field: 'Nuevo rodeo', placeholder: 'Seleccione un rodeo' },
  {
    kind: 'type',
    label: 'Cambio de categoría',
    field: 'Nueva categoría',
    placeholder: 'Seleccione una categoría',
  },
]

/**
 * The bulk events dialog (spec section 2): move the selected animals to another rodeo or category.
 * Any animal can be taken off the list but the last; 'Aplicar' needs a target and an animal.
 * Reusable by every cattle table: it only needs the selected animals and the lookups.
 */
export function EventsDialog({
  open,
  onOpenChange,
  animals,
  loadingAnimals = false,
  rodeos,
  categories,
  onApply,
}: EventsDialogProps) {
  const [kind, setKind] = useState<MoveKind>('rodeo')
  const [targets, setTargets] = useState<Record<MoveKind, string>>({ rodeo: '', type: '' })
  const [list, setList] = useState(animals)
  const [busy, setBusy] = useState(false)
  const selectId = useId()

  // Each opening starts from the table's current selection, once its tags are known; removals made
  // in the dialog then survive re-renders of the table behind it.
  const latest = useRef(animals)
  latest.current = animals
  useEffect(() => {
    if (open && !loadingAnimals) setList(latest.current)
  }, [open, loadingAnimals])

  const target = targets[kind]
  const canApply = !busy && !loadingAnimals && target !== '' && list.length > 0
  const tab = TABS.find((t) => t.kind === kind) ?? TABS[0]
  const options = kind === 'rodeo' ? rodeos : categories

  async function apply() {
    if (!canApply) return
    setBusy(true)
    try {
      const result = await onApply(
        kind,
        Number(target),
        list.map((animal) => animal.id),
      )
      const failure = kind === 'rodeo' ? MOVE_MESSAGES.rodeoError : MOVE_MESSAGES.typeError
      if (result.ok) {
        toast.success(kind === 'rodeo' ? MOVE_MESSAGES.rodeoSuccess : MOVE_MESSAGES.typeSuccess)
        onOpenChange(false)
      } else {
        toast.error(failure, { description: result.error })
      }
    } catch {
      toast.error(kind === 'rodeo' ? MOVE_MESSAGES.rodeoError : MOVE_MESSAGES.typeError, {
        description: 'Error desconocido',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !busy && onOpenChange(details.open)}
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="lg" minW="0">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>Eventos</Dialog.Title>
                <Dialog.Description>Animales seleccionados: {list.length}</Dialog.Description>
              </Stack>
              <Tabs.Root
                value={kind}
                onValueChange={(details) => setKind(details.value as MoveKind)}
                variant="line"
                size="sm"
              >
                <Tabs.List>
                  {TABS.map((t) => (
                    <Tabs.Trigger key={t.kind} value={t.kind}>
                      {t.label}
                    </Tabs.Trigger>
                  ))}
                  <Tabs.Indicator />
                </Tabs.List>
                {/* Every tab has its panel (the triggers point at them); the shown one holds the form. */}
                {TABS.map((t) => (
                  <Tabs.Content key={t.kind} value={t.kind} pt="5">
                    {t.kind === kind ? (
                      <Stack gap="5">
                        <Stack gap="1.5">
                          <styled.label htmlFor={selectId} textStyle="sm" fontWeight="medium">
                            {tab?.field}
                          </styled.label>
                          <NativeSelect
                            id={selectId}
                            value={target}
                            disabled={busy}
                            onChange={(event) =>
                              setTargets((current) => ({ ...current, [kind]: event.target.value }))
                            }
                          >
                            <option value="">{tab?.placeholder}</option>
                            {options.map((option) => (
                              <option key={option.id} value={option.id}>
                                {option.description}
                              </option>
                            ))}
                          </NativeSelect>
                        </Stack>
                        <Stack gap="1.5">
                          <styled.span textStyle="sm" fontWeight="medium">
                            Animales
                          </styled.span>
                          {loadingAnimals ? (
                            <styled.p color="fg.muted" textStyle="sm">
                              Cargando animales...
                            </styled.p>
                          ) : list.length === 0 ? (
                            <styled.p color="fg.muted" textStyle="sm">
                              No hay animales seleccionados.
                            </styled.p>
                          ) : (
                            <styled.ul
                              aria-label="Animales a modificar"
                              display="flex"
                              flexWrap="wrap"
                              gap="1.5"
                              maxH="48"
                              overflowY="auto"
                            >
                              {list.map((animal) => (
                                <styled.li
                                  key={animal.id}
                                  display="inline-flex"
                                  alignItems="center"
                                  gap="1"
                                  pl="2.5"
                                  pr="1"
                                  py="0.5"
                                  borderRadius="full"
                                  bg="gray.a3"
                                  textStyle="sm"
                                >
                                  {animal.visualTag}
                                  <styled.button
                                    type="button"
                                    aria-label={`Quitar ${animal.visualTag}`}
                                    // The last animal stays: a move needs at least one.
                                    disabled={list.length <= 1 || busy}
                                    onClick={() =>
                                      setList((current) => current.filter((a) => a.id !== animal.id))
                                    }
                                    display="inline-flex"
                                    p="0.5"
                                    borderRadius="full"
                                    cursor="pointer"
                                    _hover={{ bg: 'gray.a5' }}
                                    _disabled={{ opacity: 0.4, cursor: 'not-allowed' }}
                                  >
                                    <XIcon size={12} aria-hidden />
                                  </styled.button>
                                </styled.li>
                              ))}
                            </styled.ul>
                          )}
                        </Stack>
                      </Stack>
                    ) : null}
                  </Tabs.Content>
                ))}
              </Tabs.Root>
              <HStack gap="3" justify="flex-end">
                <Dialog.CloseTrigger asChild>
                  <Button variant="outline" disabled={busy}>
                    Cancelar
                  </Button>
                </Dialog.CloseTrigger>
                <Button onClick={apply} disabled={!canApply} loading={busy} loadingText="Enviando...">
                  Aplicar
                </Button>
              </HStack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
