import { LayoutGridIcon } from 'lucide-react'
import { cx } from 'styled-system/css'
import { Button, type ButtonProps, iconButtonClass } from '~/components/ui/button'

/**
 * The header button that opens the 'Aplicaciones' drawer. Its own module so the header can show it
 * before the drawer's code is loaded (decision 026).
 */
export function AppsButton({ className, ...props }: ButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cx(iconButtonClass, className)}
      aria-label="Aplicaciones"
      title="Aplicaciones"
      {...props}
    >
      <LayoutGridIcon />
    </Button>
  )
}
