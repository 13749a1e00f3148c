import { ArrowRightIcon } from 'lucide-react'
import { css, cx } from 'styled-system/css'
import { Stack, styled } from 'styled-system/jsx'
import { Skeleton } from '~/components/ui/skeleton'
import { Spinner } from '~/components/ui/spinner'
import { type Establishment, establishmentInitials } from '../establishment.schema'

// Each establishment keeps its colour (from its id) wherever it shows, so users learn to spot theirs.
const INITIALS_PALETTES = [
  css({ colorPalette: 'green' }),
  css({ colorPalette: 'blue' }),
  css({ colorPalette: 'amber' }),
  css({ colorPalette: 'plum' }),
  css({ colorPalette: 'teal' }),
  css({ colorPalette: 'orange' }),
]

export function initialsPaletteClass(id: number) {
  return INITIALS_PALETTES[Math.abs(id) % INITIALS_PALETTES.length]
}

export const CARD_WIDTH = '52'

export interface EstablishmentCardProps {
  establishment: Establishment
  onSelect: (establishment: Establishment) => void
  /** This establishment is being opened: a spinner shows. */
  pending?: boolean
  disabled?: boolean
}

/** A card of the picker: the establishment's initials in a coloured circle and its name. */
export function EstablishmentCard({
  establishment,
  onSelect,
  pending = false,
  disabled = false,
}: EstablishmentCardProps) {
  return (
    <button
      type="button"
      className={cx(cardClass, initialsPaletteClass(establishment.id))}
      onClick={() => onSelect(establishment)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      title={establishment.name}
    >
      <styled.span
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        boxSize="14"
        borderRadius="full"
        bg="colorPalette.a3"
        color="colorPalette.12"
        borderWidth="1px"
        borderColor="colorPalette.a5"
        fontWeight="bold"
        textStyle="lg"
        letterSpacing="wide"
        aria-hidden
      >
        {establishmentInitials(establishment.name)}
      </styled.span>
      <styled.span
        fontWeight="semibold"
        textStyle="sm"
        lineClamp="2"
        textAlign="center"
        wordBreak="break-word"
      >
        {establishment.name}
      </styled.span>
      <styled.span className="card-hint" aria-hidden>
        {pending ? <Spinner size="sm" /> : <ArrowRightIcon size={16} />}
      </styled.span>
    </button>
  )
}

const cardClass = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '3',
  width: 'full',
  height: '44',
  px: '4',
  py: '5',
  bg: 'bg.default',
  color: 'fg.default',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l3',
  boxShadow: 'xs',
  cursor: 'pointer',
  transitionProperty: 'box-shadow, border-color, transform',
  transitionDuration: 'normal',
  transitionTimingFunction: 'default',
  '& .card-hint': {
    position: 'absolute',
    top: '3',
    right: '3',
    display: 'inline-flex',
    color: 'colorPalette.text',
    opacity: '0',
    transitionProperty: 'opacity',
    transitionDuration: 'normal',
  },
  _hover: {
    borderColor: 'colorPalette.a7',
    boxShadow: 'md',
    transform: 'translateY(-2px)',
    '& .card-hint': { opacity: '1' },
  },
  _focusVisible: {
    outline: '2px solid',
    outlineColor: 'colorPalette.default',
    outlineOffset: '2px',
    '& .card-hint': { opacity: '1' },
  },
  '&[aria-busy=true]': { borderColor: 'colorPalette.a7', '& .card-hint': { opacity: '1' } },
  _disabled: {
    cursor: 'default',
    _hover: { transform: 'none', boxShadow: 'xs', borderColor: 'border.subtle' },
  },
  '&:disabled:not([aria-busy=true])': { opacity: '0.6' },
  _motionReduce: { transition: 'none', _hover: { transform: 'none' } },
})

/** Stands in for a card while the establishments load. */
export function EstablishmentCardSkeleton() {
  return (
    <Stack
      data-testid="establishment-skeleton"
      align="center"
      justify="center"
      gap="3"
      height="44"
      px="4"
      borderWidth="1px"
      borderColor="border.subtle"
      borderRadius="l3"
      bg="bg.default"
      aria-hidden
    >
      <Skeleton boxSize="14" borderRadius="full" />
      <Skeleton height="3.5" width="28" />
      <Skeleton height="3.5" width="16" />
    </Stack>
  )
}
