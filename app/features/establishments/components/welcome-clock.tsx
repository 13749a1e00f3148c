import { format } from 'date-fns'
import { es } from 'date-fns/locale'
import { useEffect, useState } from 'react'
import { styled } from 'styled-system/jsx'

// Spec section 9: the clock refreshes every second.
export const CLOCK_REFRESH_MS = 1000

/** 'domingo, 22 de noviembre de 2026 · 14:05:09' */
export function formatClock(date: Date) {
  return format(date, "EEEE, d 'de' MMMM 'de' yyyy '·' HH:mm:ss", { locale: es })
}

/**
 * The current time, or null until the component has mounted in the browser: the server's time (and
 * time zone) would differ from the browser's and break hydration.
 */
export function useClock(intervalMs = CLOCK_REFRESH_MS) {
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}

/** The welcome card's clock. Not a live region: a screen reader announcing every second would be unusable. */
export function WelcomeClock() {
  const now = useClock()
  return (
    <styled.time
      dateTime={now?.toISOString()}
      display="block"
      color="fg.muted"
      textStyle="sm"
      fontVariantNumeric="tabular-nums"
      minH="1lh"
    >
      {now ? formatClock(now) : null}
    </styled.time>
  )
}
