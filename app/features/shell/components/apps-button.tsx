import { LayoutGridIcon } from 'lucide-react'
import { Button, type ButtonProps } from '~/components/ui/button'

/**
 * The header button that opens the 'Aplicaciones' drawer. Its own module so the header can show it
 * before the drawer's code is loaded (decision 026).
 */
export function AppsButton(props: ButtonProps) {
  return (
    <Button
      variant="ghost"
      size="sm"
      px="0"
      aspectRatio="square"
      aria-label="Aplicaciones"
      title="Aplicaciones"
      {...props}
    >
      <LayoutGridIcon />
    </Button>
  )
}
