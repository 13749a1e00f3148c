/**
 * Static files are compressed once, at build, at the highest settings (decision 025): beside every
 * compressible file of the client build (`dist/client`: the hashed assets and the public files) go
 * `<file>.br` and `<file>.gz`, which the production server (scripts/static-files.ts) serves by
 * negotiation. Per request the server then compresses nothing: srvx's own on-the-fly brotli
 * (quality 4) cost CPU on every asset request and sent bigger files than brotli 11 does.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The types srvx's static middleware treats as compressible (it only looks for variants of these). */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
])
/** Smaller files are served as they are (the same threshold as the dynamic answers). */
const MIN_BYTES = 1024

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/**
 * Writes the `.br` and `.gz` variants of every compressible file of at least MIN_BYTES under
 * `dir`; a variant that would not be smaller than the file is not written. Returns what it wrote.
 */
export async function precompressDirectory(dir: string) {
  const jobs: Promise<{ file: string; bytes: number; br: number; gz: number }>[] = []
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file))) continue
    const { size } = await stat(file)
    if (size < MIN_BYTES) continue
    jobs.push(
      (async () => {
        const bytes = await readFile(file)
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
        ])
        if (br.length < bytes.length) await writeFile(`${file}.br`, br)
        if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
        return { file, bytes: bytes.length, br: br.length, gz: gz.length }
      })(),
    )
  }
  return Promise.all(jobs)
}

/** Vite plugin: precompresses the client build once it is written (the server build is not served). */
export function precompress(): Plugin {
  return {
    name: 'insights:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return
      const written = await precompressDirectory(options.dir)
      const raw = written.reduce((sum, file) => sum + file.bytes, 0)
      const br = written.reduce((sum, file) => sum + file.br, 0)
      this.info(`precompressed ${written.length} files: ${raw} bytes, ${br} with brotli`)
    },
  }
}
