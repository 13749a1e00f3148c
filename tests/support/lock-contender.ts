/**
 * One contender for the data-directory lock, run as its own process by data-dir-lock.server.test.ts.
 * It waits for the parent's start time (spinning, so every contender starts in the same millisecond),
 * tries the lock, says whether it won, and holds the lock until told to release it.
 */
import { DataDirectoryInUseError, lockDataDirectory } from '../../app/db/data-dir-lock.server'

let release: (() => void) | undefined

process.on('message', (message: { dir?: string; at?: number; release?: boolean; exit?: boolean }) => {
  if (message.release) {
    release?.()
    release = undefined
    process.send?.({ released: true })
    return
  }
  if (message.exit) process.exit(0)
  if (!message.dir || !message.at) return
  while (Date.now() < message.at) {
    // spin: a timer would wake each contender at a different moment
  }
  try {
    release = lockDataDirectory(message.dir)
    process.send?.({ won: true, pid: process.pid })
  } catch (error) {
    process.send?.({
      won: false,
      pid: process.pid,
      inUseBy: error instanceof DataDirectoryInUseError ? error.pid : undefined,
      error: String(error),
    })
  }
})
process.send?.({ ready: true })
