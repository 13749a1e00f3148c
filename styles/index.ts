export { globalCss } from './global-css'
export { keyframes } from './keyframes'
export { recipes } from './recipes'
export { semanticTokens } from './semantic-tokens'
