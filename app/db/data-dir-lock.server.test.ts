import { type ChildProcess, fork, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCK_FILE_NAME } from './data-dir-lock.server'

/**
 * Real processes, not promises: the lock guards against a second Insights process, and the race is
 * between processes created in the same millisecond (two PGlite processes corrupt the directory).
 */
const CONTENDERS = 6
const ROUNDS = 20
const root = path.resolve(import.meta.dirname, '../..')

type Reply = { ready?: true; won?: boolean; pid?: number; inUseBy?: number; error?: string; released?: true }

function nextReply(child: ChildProcess, accept: (reply: Reply) => boolean) {
  return new Promise<Reply>((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (!accept(reply)) return
      child.off('message', onMessage)
      child.off('exit', onExit)
      resolve(reply)
    }
    const onExit = (exitCode: number | null) => reject(new Error(`el contendiente terminó (${exitCode})`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
}

/** A PID no process has now: a process that ran and exited. */
function deadPid() {
  const ran = spawnSync(process.execPath, ['-e', ''])
  if (!ran.pid) throw new Error('no se pudo crear un proceso')
  return ran.pid
}

describe('data-directory lock between processes', () => {
  const children: ChildProcess[] = []
  const dirs: string[] = []

  beforeAll(async () => {
    for (let i = 0; i < CONTENDERS; i++) {
      const child = fork(path.join(root, 'tests/support/lock-contender.ts'), [], {
        cwd: root,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      children.push(child)
    }
    await Promise.all(children.map((child) => nextReply(child, (r) => r.ready === true)))
  }, 60_000)

  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  async function race(stale: boolean) {
    const dir = mkdtempSync(path.join(tmpdir(), 'insights-lock-'))
    dirs.push(dir)
    if (stale) writeFileSync(path.join(dir, LOCK_FILE_NAME), String(deadPid()))
    const at = Date.now() + 150
    const replies = await Promise.all(
      children.map((child) => {
        const reply = nextReply(child, (r) => r.won !== undefined)
        child.send({ dir, at })
        return reply
      }),
    )
    const winners = replies.filter((r) => r.won)
    expect(winners, JSON.stringify(replies)).toHaveLength(1)
    const winner = winners[0]?.pid
    // Every loser was told who holds the directory, not some other failure.
    for (const loser of replies.filter((r) => !r.won)) expect(loser.inUseBy, loser.error).toBe(winner)
    const holder = children.find((child) => child.pid === winner)
    if (!holder) throw new Error('sin ganador')
    const released = nextReply(holder, (r) => r.released === true)
    holder.send({ release: true })
    await released
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false)
  }

  it(`gives a free directory to exactly one of ${CONTENDERS} processes starting at once, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) await race(false)
  }, 120_000)

  it(`lets exactly one of ${CONTENDERS} processes take over a stale lock, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) await race(true)
  }, 120_000)
})
