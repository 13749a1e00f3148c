import { defineKeyframes } from '@pandacss/dev'

export const keyframes = defineKeyframes({
  /**
   * A ring that grows from the element and fades: draws the eye to a pending action (the
   * 'Necesita cambiar la contraseña' button) without moving the layout. It takes the colour of the
   * element's palette.
   */
  'attention-pulse': {
    '0%': { boxShadow: '0 0 0 0 var(--colors-color-palette-a8)' },
    '70%': { boxShadow: '0 0 0 0.625rem transparent' },
    '100%': { boxShadow: '0 0 0 0 transparent' },
  },
})
