import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite corrupts a data directory that two processes open at once, and does not lock it itself.
 * This lock file holds the owner's PID; a lock left by a process that no longer runs is taken over.
 */
export class DataDirectoryInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `El directorio de datos ${dataDir} está en uso por otro proceso de Insights (PID ${pid}). ` +
        'Detenga ese proceso o use otro DATA_DIR.',
    )
    this.name = 'DataDirectoryInUseError'
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'insights.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return () => {
        if (released) return
        released = true
        rmSync(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirectoryInUseError(dataDir, owner)
      }
      rmSync(lockFile, { force: true })
    }
  }
  throw new Error(`No se pudo bloquear el directorio de datos ${dataDir}.`)
}
