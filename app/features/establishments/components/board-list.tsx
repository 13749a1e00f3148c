import { ExternalLinkIcon, StarIcon } from 'lucide-react'
import { Stack, styled } from 'styled-system/jsx'
import type { Board } from '../establishment.schema'

/** The boards of a dashboard type; a board with an address opens in a new tab. */
export function BoardList({ boards, loading }: { boards: Board[] | undefined; loading?: boolean }) {
  if (loading) return <styled.p color="fg.muted">Cargando tableros…</styled.p>
  if (!boards?.length)
    return <styled.p color="fg.muted">No hay tableros configurados para este establecimiento.</styled.p>
  return (
    <Stack as="ul" gap="2" w="full" maxW="xl" textAlign="left">
      {boards.map((board) => (
        <styled.li
          key={board.id}
          display="flex"
          alignItems="center"
          gap="3"
          px="4"
          py="3"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="l2"
          bg="bg.default"
        >
          <styled.span flex="1" fontWeight="medium">
            {board.title}
          </styled.span>
          {board.default && (
            <styled.span display="inline-flex" alignItems="center" gap="1" color="fg.muted" textStyle="xs">
              <StarIcon size={14} aria-hidden /> Predeterminado
            </styled.span>
          )}
          {board.url && (
            <styled.a
              href={board.url}
              target="_blank"
              rel="noreferrer"
              display="inline-flex"
              alignItems="center"
              gap="1"
              color="colorPalette.default"
              textStyle="sm"
            >
              Abrir <ExternalLinkIcon size={14} aria-hidden />
            </styled.a>
          )}
        </styled.li>
      ))}
    </Stack>
  )
}
