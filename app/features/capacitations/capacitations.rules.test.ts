import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '~/lib/security-headers'
import { sniffAttachmentType } from './attachment-type'
import { courseEditRefusal, scoreQuiz } from './capacitations.rules'
import {
  CAPACITATION_MESSAGES,
  progressPercent,
  VIDEO_EMBED_ORIGINS,
  videoEmbedUrl,
} from './capacitations.schema'
import { renderLessonMarkdown } from './lesson-markdown'

describe('Capacitación rules', () => {
  it('scores a quiz by whole percents and refuses a partial attempt', () => {
    expect(scoreQuiz([0, 1, 2], [0, 1, 0], 67)).toEqual({
      correct: 2,
      total: 3,
      score: 66,
      passed: false,
      results: [true, true, false],
    })
    expect(scoreQuiz([0, 1, 2], [0, 1, 0], 66)?.passed).toBe(true)
    expect(scoreQuiz([0, 1], [0], 50)).toBeUndefined()
    expect(scoreQuiz([], [], 50)).toBeUndefined()
  })

  it('leaves general courses to superadmins and own courses to admins', () => {
    const admin = { isAdmin: true, isSuperAdmin: false }
    expect(courseEditRefusal({ general: false }, admin)).toBeUndefined()
    expect(courseEditRefusal({ general: true }, admin)).toBe(CAPACITATION_MESSAGES.generalOnlySuperAdmin)
    expect(courseEditRefusal({ general: false }, { isAdmin: false, isSuperAdmin: false })).toBe(
      CAPACITATION_MESSAGES.notAuthor,
    )
    expect(courseEditRefusal({ general: true }, { isAdmin: true, isSuperAdmin: true })).toBeUndefined()
  })

  it('counts the quiz as one step of the progress', () => {
    expect(progressPercent({ lessonsDone: 2, lessonsTotal: 2, hasQuiz: true, quizPassed: false })).toBe(66)
    expect(progressPercent({ lessonsDone: 2, lessonsTotal: 2, hasQuiz: true, quizPassed: true })).toBe(100)
    expect(progressPercent({ lessonsDone: 1, lessonsTotal: 2, hasQuiz: false, quizPassed: false })).toBe(50)
  })

  it('embeds YouTube and Vimeo by id over https only, and the page policy lets them frame', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    )
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    )
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871')
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=<script>',
      'javascript:alert(1)',
      'https://evil.example/embed/x',
    ])
      expect(videoEmbedUrl(bad), bad).toBeUndefined()
    const frameSrc = contentSecurityPolicy('n')
      .split('; ')
      .find((d) => d.startsWith('frame-src'))
    for (const origin of VIDEO_EMBED_ORIGINS) expect(frameSrc).toContain(origin)
  })

  it('recognises attachments by their bytes, not their names', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values)
    expect(sniffAttachmentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png')
    expect(sniffAttachmentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(sniffAttachmentType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf')
    expect(sniffAttachmentType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffAttachmentType(bytes(0x4d, 0x5a, 0x90, 0))).toBeUndefined()
    expect(sniffAttachmentType(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeUndefined()
  })

  it('renders Markdown without raw HTML or unsafe links', () => {
    const html = renderLessonMarkdown('<b>x</b> [a](javascript:alert(1)) [b](/management) **c**')
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(html).not.toContain('href="javascript')
    expect(html).toContain('<a href="/management">b</a>')
    expect(html).toContain('<strong>c</strong>')
  })
})
