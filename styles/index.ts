export { globalCss } from './global-css'
export { recipes } from './recipes'
export { semanticTokens } from './semantic-tokens'
