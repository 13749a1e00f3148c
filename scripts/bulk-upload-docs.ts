/** Writes docs/bulk-upload-templates.md from the template definitions (see template-docs.ts). */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { templatesMarkdown } from '~/features/bulk-upload/template-docs'

const target = path.resolve(import.meta.dirname, '../docs/bulk-upload-templates.md')
writeFileSync(target, templatesMarkdown())
console.log(`• ${path.relative(process.cwd(), target)} escrito`)
