import { ExternalLinkIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Stack, styled } from 'styled-system/jsx'

/**
 * An external board (a published BI report) embedded in a sandboxed frame: its scripts run in their
 * own origin only, it cannot navigate this page, and no referrer is sent. The page's CSP `frame-src`
 * names the origins an operator allows (BOARD_FRAME_ORIGINS, decision 038); a board elsewhere shows
 * blank, so the link to open it in a new tab is always there. Tablero frames the establishment's
 * cattle-handling board the same way (its origin is added to that page's CSP, decision 035 addendum).
 */
export function BoardFrame({
  url,
  title,
  instead,
}: {
  url: string
  title: string
  /** Shown in place of the frame when the page knows its policy would refuse it. */
  instead?: ReactNode
}) {
  return (
    <Stack gap="2" w="full">
      {instead ?? (
        <styled.iframe
          src={url}
          title={title}
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
      )}
      <styled.a
        href={url}
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
