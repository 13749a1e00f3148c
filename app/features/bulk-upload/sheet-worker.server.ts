/**
 * The parsing worker's entry. Loaded in the main thread only for `sheetWorkerUrl`: the URL of this
 * very module, wherever it ends up. From the TypeScript sources (tests, `vite dev`) that is this .ts
 * file; in the production build it is the chunk the bundler gave this module (it is imported only
 * dynamically, so it gets a chunk of its own). Either way the worker runs the same code that was
 * built or checked with the rest of the app, with no file path to keep in step by hand.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'

export const SHEET_WORKER_MARK = 'insights-bulk-upload-sheet'
export const sheetWorkerUrl = import.meta.url

export interface SheetJob {
  id: number
  bytes: Uint8Array
  /** Rows of the sheet to read at most; a longer sheet is refused. */
  maxSheetRows: number
}

const data: unknown = workerData
const isSheetWorker =
  !isMainThread &&
  typeof data === 'object' &&
  data !== null &&
  'mark' in data &&
  data.mark === SHEET_WORKER_MARK

if (isSheetWorker && parentPort) {
  const port = parentPort
  // SheetJS and the reader load here, in the worker, not in the server's main thread.
  const loading = Promise.all([import('xlsx'), import('./read-sheet.server')])
  port.on('message', async (job: SheetJob) => {
    const [xlsx, { readGrid }] = await loading
    port.postMessage({ id: job.id, result: readGrid(xlsx, job.bytes, job.maxSheetRows) })
  })
}
