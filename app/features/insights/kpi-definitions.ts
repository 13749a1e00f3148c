/**
 * The definition of every number on Resumen and Tablero, as a user reads it (the ⓘ next to each
 * number). docs/kpis.md is the full text with the guards; the keys are its anchors.
 */
export const KPI_DEFINITIONS = {
  cabezas: 'Animales en el establecimiento hoy (sin fecha de baja).',
  'por-categoria': 'Animales en el establecimiento hoy, por su categoría actual.',
  'por-rodeo': 'Animales en el establecimiento hoy, por su rodeo actual.',
  alertas: 'Animales en el establecimiento con al menos una alerta activa (sin marcar como leída).',
  'sin-rfid': 'Animales en el establecimiento sin caravana electrónica (RFID).',
  'sin-pesar': 'Animales en el establecimiento nunca pesados o cuya última pesada tiene más de 90 días.',
  'pendiente-tacto':
    'Animales cuya última inseminación tiene 30 días o más y que no tienen un diagnóstico de gestación desde ese día.',
  'ultimas-sesiones':
    'La última sesión de cada tipo de trabajo. Diagnóstico: su tasa de preñez; Pesada: su peso promedio; IATF y Preservicio: animales registrados.',
  'tasa-prenez':
    'Diagnósticos con resultado distinto de «Vacia» sobre diagnósticos con resultado cargado, en el período. Un diagnóstico sin resultado no cuenta.',
  'detalle-tacto': 'Diagnósticos del período por resultado, según el marco del establecimiento.',
  'concepcion-iatf':
    'Inseminaciones del período cuyo diagnóstico (el primero entre 25 y 120 días después) dio «IA», sobre inseminaciones con diagnóstico. Si la vaca se volvió a inseminar antes del diagnóstico, este cuenta solo para la última inseminación.',
  preservicio: 'Preservicios del período por estado ovárico y por grado reproductivo (GDR).',
  'condicion-corporal': 'Lecturas de condición corporal del período por valor.',
  gdpv: 'Ganancia diaria de peso vivo (kg/día) entre cada pesada del período y la anterior del mismo animal, promedio por mes. Se descartan ganancias fuera de −2 a 3 kg/día.',
  'peso-categoria':
    'Último peso de los animales en el establecimiento pesados en el período, en intervalos de 50 kg, por categoría.',
  'peso-edad': 'Peso promedio de las pesadas del período según la edad del animal en meses, por sexo.',
  'stock-mensual':
    'Animales en el establecimiento al último día de cada mes, por categoría actual; ingresos y bajas del mes.',
  piramide: 'Animales en el establecimiento por años de edad cumplidos y sexo.',
} as const
export type KpiKey = keyof typeof KPI_DEFINITIONS
