import { getSsrStatus, transformHtmlStringWithRouter } from '@tanstack/react-router/ssr/server'
import {
  createServerEntry,
  createStartHandler,
  defaultStreamHandler,
  defineHandlerCallback,
  StartServer,
} from '@tanstack/react-start/server'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { FastResponse } from 'srvx'
import { answerProviderApi, isProviderApiUrl } from '~/api/entry.server'

/**
 * Pages render to one string instead of a stream (decision 049). A page's data is all loaded before
 * it renders (loaders), so streaming buys nothing here, and its web-stream plumbing cost ~13 % of an
 * Animales render's CPU.
 *
 * `renderToString` cannot wait for a `React.lazy` part rendered on the server (Tablero's charts,
 * Configuración's sections, a filter's date picker): the first time a process renders one, its
 * module is still loading, and React would leave that part to the browser (it marks the boundary
 * `<!--$!`), which would then re-mount it (a framed board reloads). So:
 * - the first render of each route in a process streams, which waits for the modules and loads them;
 * - a string render that still leaves a part to the browser (a lazy part only some data or search
 *   shows) or throws is not sent: the request is answered again by streaming, and that route
 *   streams from then on in this process. Only GET and HEAD are answered again (no body to replay);
 *   a page posted to (the sign-in form without JavaScript) always streams.
 */
const streamedOnce = new Set<string>()
const alwaysStream = new Set<string>()
const CLIENT_RENDERED_BOUNDARY = '<!--$!'
const STREAM_INSTEAD = 'x-insights-stream-instead'

const stringHandler = defineHandlerCallback(async (context) => {
  const { router, responseHeaders, request } = context
  const route = router.state.matches.at(-1)?.routeId ?? ''
  const replayable = request.method === 'GET' || request.method === 'HEAD'
  if (!replayable || !streamedOnce.has(route) || alwaysStream.has(route)) {
    streamedOnce.add(route)
    return defaultStreamHandler(context)
  }
  let html: string
  try {
    html = renderToString(createElement(StartServer, { router }))
  } catch {
    html = CLIENT_RENDERED_BOUNDARY
  }
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    alwaysStream.add(route)
    router.serverSsr?.cleanup()
    return new Response(null, { status: 503, headers: { [STREAM_INSTEAD]: '1' } })
  }
  return new FastResponse(await transformHtmlStringWithRouter(router, html), {
    status: getSsrStatus(router),
    headers: responseHeaders,
  })
})

const renderOnce = createStartHandler(stringHandler)
const stream = createStartHandler(defaultStreamHandler)

export default createServerEntry({
  fetch: async (request, options) => {
    // The provider API does not go through the page router (decision 054).
    if (isProviderApiUrl(request.url)) return answerProviderApi(request)
    const response = await renderOnce(request, options)
    if (!response.headers.has(STREAM_INSTEAD)) return response
    return stream(request, options)
  },
})
