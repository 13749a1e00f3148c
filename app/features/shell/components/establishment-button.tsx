import { Building2Icon, ChevronDownIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx'
import { Button, type ButtonProps } from '~/components/ui/button'

export interface EstablishmentButtonProps extends ButtonProps {
  establishmentName: string
}

/**
 * The header button that shows the establishment's name and opens the establishment dialog. Its own
 * module so the header can show it before the dialog's code is loaded (decision 026).
 */
export function EstablishmentButton({ establishmentName, ...props }: EstablishmentButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      maxW={{ base: 'auto', md: '64' }}
      px={{ base: '0', md: '3.5' }}
      aspectRatio={{ base: 'square', md: 'auto' }}
      // Narrow screens show the icon alone; the label keeps the name announced there.
      aria-label={`Establecimiento: ${establishmentName}`}
      title={establishmentName}
      {...props}
    >
      <Building2Icon />
      <styled.span truncate display={{ base: 'none', md: 'inline' }}>
        {establishmentName}
      </styled.span>
      <styled.span color="fg.subtle" display={{ base: 'none', md: 'inline-flex' }} aria-hidden>
        <ChevronDownIcon />
      </styled.span>
    </Button>
  )
}
