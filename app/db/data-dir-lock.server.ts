import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite corrupts a data directory that two processes open at once, and does not lock it itself.
 * This lock file holds the owner's PID; a lock left by a process that no longer runs is taken over.
 *
 * Both steps are atomic, so contenders starting in the same millisecond cannot both win (decision 015):
 * - the lock appears complete: the PID is written to a private file first, which is then hard-linked
 *   to the lock's name (`link` fails if the name exists), so nobody ever reads a half-written lock;
 * - a stale lock is removed by one contender only: it first claims that very file by hard-linking it
 *   to a name derived from its inode (again exclusive), checks the claim is still the dead owner's
 *   file, and only then unlinks the lock's name. A contender that read the stale lock late cannot
 *   remove a fresh one: its claim would name another inode, or the claim's owner would be alive.
 */
export class DataDirectoryInUseError extends Error {
  readonly dataDir: string
  readonly pid: number
  constructor(dataDir: string, pid: number) {
    super(
      `El directorio de datos ${dataDir} está en uso por otro proceso de Insights (PID ${pid}). ` +
        'Detenga ese proceso o use otro DATA_DIR.',
    )
    this.name = 'DataDirectoryInUseError'
    this.dataDir = dataDir
    this.pid = pid
  }
}

export const LOCK_FILE_NAME = 'insights.lock'

/** A claim left by a contender that died mid-takeover (milliseconds of work) is ignored after this. */
const ABANDONED_CLAIM_MS = 10_000
/** How long a contender keeps retrying while others take a stale lock over. */
const ACQUIRE_TIMEOUT_MS = 15_000

/** A short synchronous pause: the lock is taken before anything else runs, like the rest of this file. */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
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

function code(error: unknown) {
  return (error as NodeJS.ErrnoException).code
}

/** The lock's owner, or undefined when the name is gone. A blank or garbled lock has no live owner. */
function readOwner(file: string): { pid: number; ino: number } | undefined {
  try {
    const ino = statSync(file).ino
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return { pid: Number.isInteger(pid) ? pid : 0, ino }
  } catch (error) {
    if (code(error) === 'ENOENT') return undefined
    throw error
  }
}

function isLive(pid: number) {
  return pid > 0 && pid !== process.pid && isRunning(pid)
}

/** Removes the stale lock `seen` if this process is the one that claims it; false when another does. */
function removeStaleLock(dataDir: string, lockFile: string, seen: { ino: number }) {
  const claim = path.join(dataDir, `${LOCK_FILE_NAME}.takeover-${seen.ino}`)
  try {
    linkSync(lockFile, claim)
  } catch (error) {
    if (code(error) === 'ENOENT') return false // already removed: try to create it again
    if (code(error) !== 'EEXIST') throw error
    // Another contender is taking this lock over right now, unless it died doing so long ago.
    try {
      if (Date.now() - statSync(claim).ctimeMs > ABANDONED_CLAIM_MS) rmSync(claim, { force: true })
    } catch {
      // the claim vanished meanwhile: its owner finished
    }
    return false
  }
  try {
    // The claim is the file that held the lock's name when we linked it. Only if that is the
    // stale file we judged (same inode, dead owner) may the name be removed: only the holder of
    // this claim can remove it, so it is still there.
    const claimed = readOwner(claim)
    if (claimed && claimed.ino === seen.ino && !isLive(claimed.pid)) {
      const current = readOwner(lockFile)
      if (current?.ino === seen.ino) unlinkSync(lockFile)
    }
  } finally {
    rmSync(claim, { force: true })
  }
  return true
}

export function lockDataDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, LOCK_FILE_NAME)
  // The PID in a private file first: the lock's name then points at complete contents or nothing.
  const mine = path.join(dataDir, `${LOCK_FILE_NAME}.${process.pid}-${randomBytes(6).toString('hex')}`)
  writeFileSync(mine, String(process.pid), { flag: 'wx' })
  try {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
    while (Date.now() < deadline) {
      try {
        linkSync(mine, lockFile)
        const ino = statSync(mine).ino
        let released = false
        return () => {
          if (released) return
          released = true
          // Remove the lock only while it is still ours (a takeover of a PID reused by another
          // process could have replaced it).
          if (readOwner(lockFile)?.ino === ino) rmSync(lockFile, { force: true })
        }
      } catch (error) {
        if (code(error) !== 'EEXIST') throw error
      }
      const owner = readOwner(lockFile)
      if (!owner) continue
      if (isLive(owner.pid)) throw new DataDirectoryInUseError(dataDir, owner.pid)
      if (!removeStaleLock(dataDir, lockFile, owner)) pause(2 + Math.random() * 8)
    }
  } finally {
    rmSync(mine, { force: true })
  }
  throw new Error(`No se pudo bloquear el directorio de datos ${dataDir}.`)
}
