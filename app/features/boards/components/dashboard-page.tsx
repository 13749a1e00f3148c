import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import type { Board } from '~/features/establishments/establishment.schema'
import { BoardFrame } from './board-frame'

export interface DashboardPageProps {
  title: string
  description: string
  icon: LucideIcon
  boards: readonly Board[]
  /** The board shown: an external one in a frame, a built-in one as `builtIn`. */
  selected: Board | undefined
  onSelect: (boardId: number) => void
  /** The app's own board for this type (feedlot or RFI), from the establishment's records. */
  builtIn: ReactNode
  /** 'Administrar tableros', for administradores. */
  manager?: ReactNode
}

/**
 * A dashboard route (spec section 2: Tablero RFI, Feedlot): the establishment's boards of the type as
 * tabs, the default one opened first (decision 038). With no boards, the built-in board shows.
 */
export function DashboardPage({
  title,
  description,
  icon: Icon,
  boards,
  selected,
  onSelect,
  builtIn,
  manager,
}: DashboardPageProps) {
  return (
    <Stack
      gap="5"
      px={{ base: '4', md: '8' }}
      py={{ base: '6', md: '8' }}
      maxW="breakpoint-2xl"
      mx="auto"
      w="full"
    >
      <Stack gap="1">
        <HStack gap="2">
          <Icon aria-hidden size={26} />
          <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
            {title}
          </styled.h1>
        </HStack>
        <styled.p color="fg.muted">{description}</styled.p>
      </Stack>
      {boards.length > 0 && (
        <styled.nav aria-label="Tableros">
          <styled.ul display="flex" gap="2" flexWrap="wrap">
            {boards.map((board) => {
              const current = selected?.id === board.id
              return (
                <li key={board.id}>
                  <styled.button
                    type="button"
                    onClick={() => onSelect(board.id)}
                    aria-current={current ? 'page' : undefined}
                    px="3"
                    py="1.5"
                    borderRadius="l2"
                    borderWidth="1px"
                    borderColor={current ? 'colorPalette.default' : 'border'}
                    bg={current ? 'colorPalette.a3' : 'bg.default'}
                    fontWeight={current ? 'semibold' : 'normal'}
                    textStyle="sm"
                    cursor="pointer"
                  >
                    {board.title}
                    {board.default && (
                      <styled.span color="fg.muted" textStyle="xs">
                        {' '}
                        (predeterminado)
                      </styled.span>
                    )}
                  </styled.button>
                </li>
              )
            })}
          </styled.ul>
        </styled.nav>
      )}
      {selected?.url ? <BoardFrame url={selected.url} title={selected.title} /> : builtIn}
      {manager}
    </Stack>
  )
}
