/**
 * Parses uploaded spreadsheets off the event loop: a few worker threads (node:worker_threads) run
 * SheetJS, so a 20,000-row file does not freeze the requests of other users while it is read.
 *
 * Workers are kept warm between uploads and each job has limits: a memory cap (a zip bomb that lied
 * about its sizes kills its worker, not the server) and a time limit (the worker is terminated).
 * A dead worker is replaced on the next job.
 */
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { BULK_MESSAGES } from './bulk-upload.schema'
import { type BulkKind, MAX_ROWS } from './bulk-upload.templates'
import type { GridReadResult } from './read-sheet.server'
import type { SheetJob } from './sheet-worker.server'
import { type TemplateRowsResult, toTemplateRows } from './template-rows'

export const PARSER_LIMITS = {
  /** Parses at once: leave a core to the event loop. */
  workers: Math.min(4, Math.max(1, os.availableParallelism() - 1)),
  /** Uploads waiting for a worker before new ones are turned away. */
  queue: 32,
  timeoutMs: 30_000,
  maxOldGenerationSizeMb: 512,
  /** An idle worker is stopped after this long. */
  idleMs: 60_000,
} as const

export class SheetParserBusyError extends Error {
  constructor() {
    super(BULK_MESSAGES.busy)
    this.name = 'SheetParserBusyError'
  }
}

/** Sheet rows read past the data rows' cap: a title, notes or blank rows above the header. */
const LEADING_ROWS_ALLOWANCE = 50

type WorkerOutcome = GridReadResult | { ok: false; reason: 'failed'; error: string }

const GRID_ERRORS: Record<Exclude<GridReadResult, { ok: true }>['reason'], string> = {
  notXlsx: BULK_MESSAGES.notXlsx,
  unreadable: BULK_MESSAGES.unreadable,
  noSheet: 'La planilla no tiene hojas',
  tooManyRows: `La planilla tiene más de ${MAX_ROWS.toLocaleString('es-AR')} filas: divídala en varios archivos.`,
}

interface PooledWorker {
  worker: Worker
  idleTimer?: NodeJS.Timeout
}

const idle: PooledWorker[] = []
let running = 0
const waiting: (() => void)[] = []
let nextJobId = 1

async function spawn(): Promise<PooledWorker> {
  const { sheetWorkerUrl, SHEET_WORKER_MARK } = await import('./sheet-worker.server')
  const url = new URL(sheetWorkerUrl)
  const options = {
    workerData: { mark: SHEET_WORKER_MARK },
    resourceLimits: { maxOldGenerationSizeMb: PARSER_LIMITS.maxOldGenerationSizeMb },
  }
  // From the sources (tests, `vite dev`) the worker module is TypeScript importing `~/` paths: a tiny
  // bootstrap registers tsx's loader in the worker first (a worker's `--import` flag is not honoured
  // for its own imports). The production build hands over a plain JavaScript chunk.
  const worker = url.pathname.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(tsxLoader())}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}) })`,
        { ...options, eval: true },
      )
    : new Worker(url, options)
  // A worker waiting for work must not keep the process alive (tests, scripts, shutdown).
  worker.unref()
  return { worker }
}

function tsxLoader() {
  try {
    return import.meta.resolve('tsx/esm/api')
  } catch {
    return 'tsx/esm/api'
  }
}

async function acquire() {
  if (running < PARSER_LIMITS.workers) running++
  else {
    if (waiting.length >= PARSER_LIMITS.queue) throw new SheetParserBusyError()
    // release() hands its slot over: `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  const pooled = idle.pop()
  if (pooled) {
    clearTimeout(pooled.idleTimer)
    return pooled
  }
  try {
    return await spawn()
  } catch (error) {
    release(undefined)
    throw error
  }
}

function release(pooled: PooledWorker | undefined) {
  if (pooled) {
    pooled.idleTimer = setTimeout(() => {
      const at = idle.indexOf(pooled)
      if (at >= 0) idle.splice(at, 1)
      void pooled.worker.terminate()
    }, PARSER_LIMITS.idleMs)
    pooled.idleTimer.unref()
    idle.push(pooled)
  }
  const next = waiting.shift()
  if (next) next()
  else running--
}

/**
 * Reads the template rows of an .xlsx: SheetJS in a worker thread, then the (cheap) matching of the
 * grid to the template here. The bytes are copied, not consumed.
 */
export async function parseSheet(bytes: Uint8Array, kind: BulkKind): Promise<TemplateRowsResult> {
  const grid = await readGridInWorker(bytes, MAX_ROWS + LEADING_ROWS_ALLOWANCE + 1)
  if (grid.ok) return toTemplateRows(grid.rows, kind)
  return { ok: false, error: grid.reason === 'failed' ? grid.error : GRID_ERRORS[grid.reason], problems: [] }
}

/**
 * The grid of an .xlsx read in a worker, for sheets that are not one of the Masivo templates (the
 * feed-efficiency imports, decision 039), with their own row cap. Refusals are the same messages.
 */
export async function parseGrid(bytes: Uint8Array, maxSheetRows: number) {
  const grid = await readGridInWorker(bytes, maxSheetRows)
  if (grid.ok) return grid
  return { ok: false as const, error: grid.reason === 'failed' ? grid.error : GRID_ERRORS[grid.reason] }
}

async function readGridInWorker(bytes: Uint8Array, maxSheetRows: number): Promise<WorkerOutcome> {
  const pooled = await acquire()
  const { worker } = pooled
  const id = nextJobId++
  const copy = bytes.slice()
  let healthy = true
  try {
    return await new Promise<WorkerOutcome>((resolve) => {
      const finish = (outcome: WorkerOutcome) => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
        resolve(outcome)
      }
      const fail = (error: string) => {
        healthy = false
        finish({ ok: false, reason: 'failed', error })
      }
      const onMessage = (message: { id: number; result: GridReadResult }) => {
        if (message.id === id) finish(message.result)
      }
      // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash inside SheetJS: the file is the cause.
      const onError = (error: Error) => {
        console.error('[bulk-upload] el lector de planillas falló', error.message)
        fail(BULK_MESSAGES.unreadable)
      }
      const onExit = () => fail(BULK_MESSAGES.unreadable)
      const timer = setTimeout(() => {
        fail('La planilla tardó demasiado en leerse: divídala en archivos más chicos.')
      }, PARSER_LIMITS.timeoutMs)
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
      // While a job runs the worker keeps the process alive: the answer is awaited.
      worker.ref()
      const job: SheetJob = { id, bytes: copy, maxSheetRows }
      worker.postMessage(job, [copy.buffer])
    })
  } finally {
    worker.unref()
    if (healthy) release(pooled)
    else {
      void worker.terminate()
      release(undefined)
    }
  }
}
