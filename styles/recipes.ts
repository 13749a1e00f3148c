import { defineRecipe } from '@pandacss/dev'

/**
 * Extends the preset's spinner, whose ring is one solid colour and so shows no movement while it
 * turns. Two transparent sides make the rotation visible; drawing with `currentColor` lets a spinner
 * inside a button take the button's text colour (`color="inherit"`).
 */
const spinner = defineRecipe({
  className: 'spinner',
  base: {
    color: 'colorPalette.default',
    borderColor: 'currentColor',
    borderBottomColor: 'transparent',
    borderInlineStartColor: 'transparent',
  },
})

export const recipes = { spinner }
