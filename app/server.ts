import { renderSsrHtmlResponse } from '@tanstack/react-router/ssr/server'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
  StartServer,
} from '@tanstack/react-start/server'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'

/**
 * Pages render to one string, not to a stream, once this process has streamed the page's route
 * once (decision 049). A page's data is all loaded before it renders (loaders), so streaming buys
 * nothing here and its web-stream plumbing cost ~13 % of a render's CPU.
 *
 * A `React.lazy` part rendered on the server (Tablero's charts, Configuración's sections, Manga's
 * record forms) suspends the first time the process renders it, while its module loads:
 * `renderToString` cannot wait, so it would leave that part to the browser. The first render of
 * each route in a process therefore streams (which waits and loads the module); later renders find
 * the module loaded and do not suspend. Should a string render still leave a boundary to the
 * browser (React marks it `<!--$!`; a lazy part that only some data or search shows), the page is
 * still whole (the browser renders that part) and the route streams from then on.
 */
const streamedOnce = new Set<string>()
const alwaysStream = new Set<string>()
const CLIENT_RENDERED_BOUNDARY = '<!--$!'

const renderHandler = defineHandlerCallback((context) => {
  const { router, responseHeaders } = context
  const route = router.state.matches.at(-1)?.routeId ?? ''
  if (!streamedOnce.has(route) || alwaysStream.has(route)) {
    streamedOnce.add(route)
    return defaultStreamHandler(context)
  }
  return renderSsrHtmlResponse({
    router,
    responseHeaders,
    render: () => {
      const html = renderToString(createElement(StartServer, { router }))
      if (html.includes(CLIENT_RENDERED_BOUNDARY)) alwaysStream.add(route)
      return html
    },
  })
})

export default createServerEntry({ fetch: createStartHandler(renderHandler) })
