import { describe, expect, it } from 'vitest'
import { EVENT_FIELDS } from './event-kinds'

describe('EVENT_FIELDS', () => {
  // The words each place showed before they were derived from one label (decision 030).
  it('gives the form, the table, the filters and the template the words they always showed', () => {
    const words = Object.fromEntries(
      Object.entries(EVENT_FIELDS).flatMap(([kind, fields]) =>
        Object.entries(fields).map(([key, f]) => [
          `${kind}.${key}`,
          [f.label, f.formLabel, f.header, f.filterLabel, f.templateHeader],
        ]),
      ),
    )
    expect(words).toEqual({
      'artificial-insemination.bull': ['Toro', 'Toro', 'Toro', 'Toro', 'Toro'],
      'artificial-insemination.inseminator': [
        'Inseminador',
        'Inseminador',
        'Inseminador',
        'Inseminador',
        'Inseminador',
      ],
      'pregnancy-check.detail': ['Diagnóstico', 'Diagnóstico', 'Diagnóstico', 'Diagnóstico', 'Diagnóstico'],
      'pregnancy-check.ultrasound': ['Ecografía', 'Ecografía', 'Ecografía', 'Ecografía', 'Ecografía'],
      'preservice.grade': ['Grado reproductivo', 'Grado reproductivo (GDR)', 'GDR', 'GDR', 'GDR'],
      'preservice.ovarian': [
        'Estado ovárico',
        'Estado ovárico',
        'Estado ovárico',
        'Estado ovárico',
        'Estado ovárico',
      ],
      'weighing.weight': ['Peso', 'Peso (kg)', 'Peso (kg)', 'Peso (kg)', 'Peso'],
      'weighing.weighingTime': [
        'Momento de pesada',
        'Momento de pesada',
        'Momento',
        'Momento de pesada',
        'Momento de pesada',
      ],
    })
  })
})
