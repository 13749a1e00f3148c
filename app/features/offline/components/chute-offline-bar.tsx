import { useQueryClient } from '@tanstack/react-query'
import { CloudDownloadIcon, CloudOffIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toaster'
import { formatNumber } from '~/lib/format'
import { type ChuteOffline, chuteOffline } from '../chute-offline'
import type { SnapshotMeta } from '../device-store'
import { startAutoSync, syncNow } from '../outbox'
import {
  deviceTime,
  type OutboxCount,
  readOutboxCount,
  subscribeOutboxCount,
  unsyncedLabel,
} from '../outbox-count'
import { activateNewVersion, newVersionWaiting, subscribeNewVersion } from '../service-worker/register'
import { OutboxDialog } from './outbox-dialog'

const NONE: OutboxCount = { pending: 0, review: 0 }

export interface ChuteOfflineBarViewProps {
  online: boolean
  snapshot: SnapshotMeta | undefined
  preparing: boolean
  onPrepare: () => void
  count: OutboxCount
  syncing: boolean
  onSyncNow: () => void
  onShowRecords: () => void
  newVersion: boolean
  onUpdate: () => void
}

/**
 * Chute mode's offline state (decision 040): signal or not, what the device holds to work without
 * it (how many animals, when and which version), 'Preparar para trabajar sin conexión', the records
 * not yet synced with 'Sincronizar ahora', and a new deployment's 'Hay una nueva versión'.
 */
export function ChuteOfflineBarView(props: ChuteOfflineBarViewProps) {
  const { online, snapshot, count } = props
  const unsynced = count.pending + count.review
  return (
    <Stack
      as="section"
      aria-label="Trabajo sin conexión"
      gap="3"
      borderWidth="1px"
      borderColor={online ? 'border.default' : 'amber.8'}
      bg={online ? 'bg.subtle' : 'amber.2'}
      borderRadius="l2"
      px="4"
      py="3"
    >
      {props.newVersion ? (
        <HStack justify="space-between" flexWrap="wrap" gap="2" role="status">
          <HStack gap="2" fontWeight="semibold">
            <SparklesIcon size={18} aria-hidden /> Hay una nueva versión
          </HStack>
          <Button size="sm" onClick={props.onUpdate}>
            Actualizar
          </Button>
        </HStack>
      ) : null}
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Stack gap="0.5" role="status" aria-live="polite">
          <HStack gap="2" fontWeight="semibold">
            {online ? null : <CloudOffIcon size={18} aria-hidden />}
            {online ? 'Con conexión' : 'Sin conexión: los registros se guardan en este dispositivo'}
          </HStack>
          <styled.span textStyle="sm" color="fg.muted">
            {snapshot
              ? `Datos para trabajar sin conexión: ${formatNumber(snapshot.count)} ${snapshot.count === 1 ? 'animal' : 'animales'}, actualizados el ${deviceTime(snapshot.storedAt)} (versión ${snapshot.version.slice(0, 8)})`
              : 'Este dispositivo todavía no tiene los datos para trabajar sin conexión.'}
          </styled.span>
        </Stack>
        <Button
          size="sm"
          variant="outline"
          onClick={props.onPrepare}
          disabled={!online}
          loading={props.preparing}
          loadingText="Preparando..."
        >
          <CloudDownloadIcon aria-hidden /> Preparar para trabajar sin conexión
        </Button>
      </HStack>
      {unsynced > 0 ? (
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <styled.span fontWeight="semibold" color={count.review > 0 ? 'red.12' : 'amber.12'}>
            {unsyncedLabel(unsynced)}
            {count.review > 0 ? ` (${count.review} para revisar)` : ''}
          </styled.span>
          <HStack gap="2">
            <Button size="sm" variant="outline" onClick={props.onShowRecords}>
              Ver registros
            </Button>
            <Button
              size="sm"
              onClick={props.onSyncNow}
              disabled={!online || count.pending === 0}
              loading={props.syncing}
            >
              <RefreshCwIcon aria-hidden /> Sincronizar ahora
            </Button>
          </HStack>
        </HStack>
      ) : null}
    </Stack>
  )
}

function useOnline() {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener)
      window.addEventListener('offline', listener)
      return () => {
        window.removeEventListener('online', listener)
        window.removeEventListener('offline', listener)
      }
    },
    () => navigator.onLine,
    () => true,
  )
}

/** The bar wired to the device: opened with the Manga page (the service worker registers here). */
export function ChuteOfflineBar({ establishmentId }: { establishmentId: number }) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const count = useSyncExternalStore(subscribeOutboxCount, readOutboxCount, () => NONE)
  const newVersion = useSyncExternalStore(subscribeNewVersion, newVersionWaiting, () => false)
  const [offline, setOffline] = useState<ChuteOffline | null>(null)
  const [snapshot, setSnapshot] = useState<SnapshotMeta | undefined>(undefined)
  const [preparing, setPreparing] = useState(false)
  const [syncing, setSyncing] = useState(false)
  const [showRecords, setShowRecords] = useState(false)

  useEffect(() => {
    let live = true
    let stop = () => {}
    startAutoSync()
    void chuteOffline(queryClient, establishmentId).then((opened) => {
      if (!live) return
      setOffline(opened)
      setSnapshot(opened.meta())
      stop = opened.subscribe(() => setSnapshot(opened.meta()))
    })
    return () => {
      live = false
      stop()
    }
  }, [queryClient, establishmentId])

  return (
    <>
      <ChuteOfflineBarView
        online={online}
        snapshot={snapshot}
        preparing={preparing}
        onPrepare={() => {
          if (!offline) return
          setPreparing(true)
          offline
            .prepare()
            .then((meta) =>
              toast.success('Listo para trabajar sin conexión', {
                description: `${formatNumber(meta.count)} animales guardados en este dispositivo.`,
              }),
            )
            .catch((error: unknown) =>
              toast.error('No se pudo preparar el trabajo sin conexión', {
                description: error instanceof Error ? error.message : undefined,
              }),
            )
            .finally(() => setPreparing(false))
        }}
        count={count}
        syncing={syncing}
        onSyncNow={() => {
          setSyncing(true)
          void syncNow({ now: true }).finally(() => setSyncing(false))
        }}
        onShowRecords={() => setShowRecords(true)}
        newVersion={newVersion}
        onUpdate={activateNewVersion}
      />
      <OutboxDialog open={showRecords} onOpenChange={setShowRecords} />
    </>
  )
}
