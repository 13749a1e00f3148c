import { createFileRoute } from '@tanstack/react-router'
import { webAppManifest } from '~/features/shell/web-app-manifest'

/**
 * The web app manifest, served here rather than from public/: the static server knows no
 * `.webmanifest` type and would answer application/octet-stream.
 */
export const Route = createFileRoute('/manifest.webmanifest')({
  server: {
    handlers: {
      GET: () =>
        new Response(JSON.stringify(webAppManifest), {
          headers: {
            'content-type': 'application/manifest+json; charset=utf-8',
            'cache-control': 'public, max-age=3600',
          },
        }),
    },
  },
})
