/**
 * The production server runs as production whatever the caller's environment. React (and every
 * package that keys on NODE_ENV) picks its development or production build when it is first
 * loaded, and the env module defaults to development, so this is scripts/serve.ts's first import:
 * ES modules run in import order, before anything else of the server is loaded.
 */
process.env.NODE_ENV = 'production'
