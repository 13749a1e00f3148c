import { HStack, styled } from 'styled-system/jsx'

export interface AlertBadgesProps {
  alerts: readonly { id: number; description: string }[]
  /** 'sm' in a table cell, 'md' where the crew must see them at a glance (the chute). */
  size?: 'sm' | 'md'
}

/** An animal's active alerts as amber badges (tables, the chute's context card). */
export function AlertBadges({ alerts, size = 'sm' }: AlertBadgesProps) {
  return (
    <HStack gap={size === 'sm' ? '1' : '2'} flexWrap="wrap">
      {alerts.map((alert) => (
        <styled.span
          key={alert.id}
          px={size === 'sm' ? '2' : '2.5'}
          py={size === 'sm' ? '0.5' : '1'}
          borderRadius="full"
          bg="amber.3"
          color="amber.12"
          textStyle={size === 'sm' ? 'xs' : 'sm'}
          fontWeight="medium"
        >
          {alert.description}
        </styled.span>
      ))}
    </HStack>
  )
}
