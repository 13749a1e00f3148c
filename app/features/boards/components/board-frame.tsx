import { ExternalLinkIcon } from 'lucide-react'
import { Stack, styled } from 'styled-system/jsx'
import type { Board } from '~/features/establishments/establishment.schema'

/**
 * An external board (a published BI report) embedded in a sandboxed frame: its scripts run in their
 * own origin only, it cannot navigate this page, and no referrer is sent. The page's CSP `frame-src`
 * names the origins an operator allows (BOARD_FRAME_ORIGINS, decision 038); a board elsewhere shows
 * blank, so the link to open it in a new tab is always there.
 */
export function BoardFrame({ board }: { board: Board & { url: string } }) {
  return (
    <Stack gap="2" w="full">
      <styled.iframe
        src={board.url}
        title={board.title}
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        referrerPolicy="no-referrer"
        loading="lazy"
        w="full"
        h={{ base: '70vh', md: '75vh' }}
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        bg="bg.default"
      />
      <styled.a
        href={board.url}
        target="_blank"
        rel="noreferrer noopener"
        display="inline-flex"
        alignItems="center"
        gap="1"
        textStyle="sm"
        color="colorPalette.text"
        alignSelf="flex-start"
      >
        Si el tablero no se muestra, abrilo en una pestaña nueva <ExternalLinkIcon size={14} aria-hidden />
      </styled.a>
    </Stack>
  )
}
