import MarkdownIt from 'markdown-it'

/**
 * Lesson bodies are Markdown written by administradores and read by everyone in the establishment
 * (and, for general courses, by every establishment): they must never carry script. The renderer is
 * markdown-it (maintained, CommonMark) with raw HTML OFF, so `<script>`, `<img onerror>`, `<iframe>`
 * and any other tag an author types is shown as text, escaped, never parsed. Links and images go
 * through `validateLink` below, stricter than markdown-it's default: only https/http/mailto links and
 * same-site paths, so `javascript:`, `data:`, `vbscript:` and `file:` never become an href or a src.
 * The output is therefore safe to place in the page as HTML; it is produced in one place (the
 * provider renders each lesson's `html`, the editor's preview calls this same function) so the preview
 * shows exactly what readers get. Decision 037.
 */

const SAFE_LINK = /^(?:https?:\/\/|mailto:)/i
/** A same-site path ('/…' but not '//host'), or an anchor in the page. */
const SAME_SITE = /^(?:\/(?!\/)|#)/

export function isSafeLessonLink(url: string) {
  const trimmed = url.trim()
  return SAFE_LINK.test(trimmed) || SAME_SITE.test(trimmed)
}

let renderer: ReturnType<typeof MarkdownIt> | undefined

function markdown() {
  if (renderer) return renderer
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })
  md.validateLink = isSafeLessonLink
  // Links leave the app in a new tab without handing it the app's window or address.
  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]
    const href = String(token?.attrGet('href') ?? '')
    if (token && SAFE_LINK.test(href)) {
      token.attrSet('target', '_blank')
      token.attrSet('rel', 'noopener noreferrer nofollow')
    }
    return defaultLinkOpen(tokens, idx, options, env, self)
  }
  // Pictures load lazily and never stretch past the reading column (the reader's CSS caps width).
  const defaultImage = md.renderer.rules.image
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    tokens[idx]?.attrSet('loading', 'lazy')
    return defaultImage
      ? defaultImage(tokens, idx, options, env, self)
      : self.renderToken(tokens, idx, options)
  }
  renderer = md
  return md
}

/** The lesson's Markdown as HTML that is safe to insert: no raw HTML, only safe link schemes. */
export function renderLessonMarkdown(body: string): string {
  return markdown().render(body)
}
