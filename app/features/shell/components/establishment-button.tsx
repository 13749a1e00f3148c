import { Building2Icon, ChevronDownIcon } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Button, type ButtonProps } from '~/components/ui/button'

export interface EstablishmentButtonProps extends ButtonProps {
  establishmentName: string
}

/**
 * The header button that shows the establishment's name and opens the establishment dialog. Its own
 * module so the header can show it before the dialog's code is loaded (decision 026).
 */
export function EstablishmentButton({ establishmentName, className, ...props }: EstablishmentButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      className={cx(buttonClass, className)}
      // Narrow screens show the icon alone; the label keeps the name announced there.
      aria-label={`Establecimiento: ${establishmentName}`}
      title={establishmentName}
      {...props}
    >
      <Building2Icon />
      <span className={nameClass}>{establishmentName}</span>
      <span className={chevronClass} aria-hidden>
        <ChevronDownIcon />
      </span>
    </Button>
  )
}

// Shown on every page of an establishment: classes computed once (decision 050).
const buttonClass = css({
  maxW: { base: 'auto', md: '64' },
  px: { base: '0', md: '3.5' },
  aspectRatio: { base: 'square', md: 'auto' },
})
const nameClass = css({ truncate: true, display: { base: 'none', md: 'inline' } })
const chevronClass = css({ color: 'fg.subtle', display: { base: 'none', md: 'inline-flex' } })
