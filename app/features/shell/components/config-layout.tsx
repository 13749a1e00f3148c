import type { ReactNode } from 'react'
import { Box, Flex } from 'styled-system/jsx'
import { ConfigSidebar, type ConfigSidebarProps } from './config-sidebar'

/** Configuration pages: the 'Panel de Configuraciones' beside the page. */
export function ConfigLayout({ children, ...sidebar }: ConfigSidebarProps & { children: ReactNode }) {
  return (
    <Flex gap="6" direction={{ base: 'column', md: 'row' }} alignItems="flex-start">
      <ConfigSidebar {...sidebar} />
      <Box flex="1" minW="0" w="full">
        {children}
      </Box>
    </Flex>
  )
}
