/**
 * The base courses of Capacitación Digital, as migration 0011 inserts them into every new database
 * (general courses: every establishment reads them). Written against the app as it is at this
 * migration: the screens, buttons and messages named here are the app's own. Part of the migration's
 * snapshot: never edited once landed; a new version of a course is a new migration.
 */
export interface BaseCourse {
  title: string
  summary: string
  passMark: number
  lessons: { title: string; body: string }[]
  questions: { prompt: string; options: string[]; correct: number }[]
}

export const BASE_COURSES: BaseCourse[] = [
  {
    title: 'Registrar una pesada en la manga',
    summary:
      'Cómo preparar la sesión de pesada, registrar cada animal con la balanza y el lector de caravanas, y corregir un error sin perder el trabajo del día.',
    passMark: 70,
    lessons: [
      {
        title: 'Antes de empezar: la sesión de pesada',
        body: `Toda pesada pertenece a una **sesión** de manga: el trabajo de un día con un tipo de tarea. La sesión agrupa los registros, cuenta los animales pasados y permite revisar o exportar todo lo que se hizo.

## Crear la sesión

1. Abrí **Manga** en el menú superior y elegí la pestaña **Pesadas**.
2. Tocá **Nueva Sesión** y completá:
   - **Nombre**: algo que el equipo reconozca, por ejemplo *Pesada destete lote 3*.
   - **Fecha de actividad**.
   - **Tipo de trabajo**: *Pesada*.
   - **Descripción**: el lote, el corral o la balanza usada.
3. Guardá. La sesión queda disponible en el selector de sesiones de **Nueva Pesada**.

> Una sesión de pesada solo admite pesadas: las inseminaciones, los diagnósticos y los preservicios van en sesiones de su propio tipo.

## Qué revisar antes de encerrar

- Que la balanza esté tarada y el lector de caravanas (bastón RFID) cargado.
- Que los animales estén dados de alta en **Animales**: la app busca cada caravana entre los animales del establecimiento.
- Si vas a cargar muchos animales desde una planilla, mirá el curso *Cargar eventos desde una planilla*.`,
      },
      {
        title: 'Registrar cada animal',
        body: `Con la sesión creada, en **Manga → Pesadas** tocá **Nueva Pesada → Individual**. El formulario está pensado para la manga: campos grandes, el foco salta solo al campo siguiente y se puede trabajar con guantes.

## El ciclo de cada animal

1. **Caravana (IDV o RFID)**: acercá el bastón a la caravana electrónica (escribe los 15 dígitos y un Enter) o escribí la caravana visual y presioná **Enter**.
2. Aparece la **tarjeta del animal**: categoría, rodeo, último peso y alertas activas. Si hay una alerta, leela antes de seguir.
3. **Peso (kg)**: el número de la balanza. Acepta decimales con coma o con punto (*352,5*).
4. **Momento de pesada**: *Nacimiento*, *Destete*, *Año*, *18 meses*, *Servicio*, *Venta* o *Control*. Se mantiene de un animal al siguiente.
5. **Fecha y hora**: se completa con la de la sesión; si la dejás vacía, la pesada se registra el 01/01/2025 00:00, así que conviene no borrarla.
6. Tocá **Guardar**. El contador *Animales registrados en esta sesión* sube y el animal aparece en **Últimos registrados**.

El formulario queda listo para el siguiente animal con el foco en la caravana.

## Cómo se usa el dato

Cada pesada se compara con la anterior del mismo animal: la app calcula la **GDPV** (ganancia diaria de peso vivo, kg por día entre pesadas) y la muestra en la tabla de pesadas y en **Animales**.`,
      },
      {
        title: 'Errores comunes y cómo corregirlos',
        body: `## El animal ya fue pesado en esta sesión

Si la caravana ya tiene una pesada en la sesión, la app avisa *Este animal ya tiene una pesada en esta sesión.* y ofrece dos botones:

- **No registrar**: lo habitual; el animal pasó dos veces por la manga.
- **Registrar de todos modos**: solo si de verdad querés una segunda pesada (por ejemplo, una repesada por duda en la balanza).

## Un peso imposible

El peso debe estar entre 10 y 1500 kg. Si la balanza marcó mal, la app no deja guardar y lo dice debajo del campo.

## Me equivoqué y ya guardé

En la tabla de **Pesadas** buscá la fila (podés filtrar por sesión o por caravana) y usá **Editar** para corregir peso, momento o fecha, o **Eliminar** para borrarla. Si otra persona cambió la misma pesada mientras la editabas, la app no pisa su cambio: te avisa para que recargues y revises.

## No encuentra la caravana

Revisá que el animal esté dado de alta en **Animales** y que no esté dado de baja. Una caravana electrónica siempre tiene 15 dígitos.`,
      },
    ],
    questions: [
      {
        prompt: '¿Qué hay que crear antes de registrar la primera pesada del día?',
        options: ['Una sesión de manga de tipo Pesada', 'Una alerta para cada animal', 'Un rodeo nuevo'],
        correct: 0,
      },
      {
        prompt:
          'La app avisa que el animal ya tiene una pesada en la sesión y pasó dos veces por la manga. ¿Qué tocás?',
        options: ['Registrar de todos modos', 'No registrar', 'Eliminar el animal'],
        correct: 1,
      },
      {
        prompt: '¿Qué calcula la app con dos pesadas del mismo animal?',
        options: [
          'La condición corporal',
          'La GDPV, ganancia diaria de peso vivo',
          'La fecha probable de parto',
        ],
        correct: 1,
      },
    ],
  },
  {
    title: 'Condición corporal: escala y cómo puntuarla',
    summary:
      'La escala de 1 a 5 que usa la app, cómo palpar la vaca para puntuarla de forma pareja entre personas, y para qué sirve en la cría.',
    passMark: 70,
    lessons: [
      {
        title: 'La escala de 1 a 5',
        body: `La **condición corporal** (CC) estima las reservas de grasa de la vaca, sin balanza. La app usa la escala de **1 a 5 con medios puntos** (1; 1,5; 2; … 5):

| CC | Cómo se ve |
|---|---|
| 1 | Emaciada: costillas, columna y huesos de la cadera muy marcados; sin grasa. |
| 2 | Flaca: costillas visibles, columna marcada, la base de la cola hundida. |
| 3 | Moderada: costillas apenas visibles, se palpan con presión leve; contorno redondeado. |
| 4 | Gorda: costillas no se ven ni se palpan con facilidad; grasa en la base de la cola. |
| 5 | Muy gorda: depósitos de grasa marcados, huesos no se palpan. |

Un medio punto (2,5 o 3,5) se usa cuando la vaca está entre dos descripciones.

> La CC no reemplaza al peso: una vaca grande y flaca puede pesar más que una chica en buen estado. Las dos medidas se complementan.`,
      },
      {
        title: 'Cómo puntuarla en la manga',
        body: `Para que dos personas den el mismo puntaje, conviene seguir siempre el mismo orden, con el animal quieto en el cepo:

1. **Mirar de atrás y de costado**: el contorno del anca, la base de la cola y las costillas.
2. **Palpar las costillas** detrás de la paleta, con la mano plana: ¿se sienten una por una, con presión leve o casi nada?
3. **Palpar el lomo** (las apófisis de la columna, entre la última costilla y la cadera).
4. **Palpar la base de la cola** y los huesos de la cadera (isquiones): ¿hay grasa cubriéndolos?

Consejos:

- Puntuá con la vaca en pie y tranquila, no recién corrida.
- Una sola persona por jornada, o calibrar entre todos con las primeras diez vacas.
- Anotá el puntaje en el momento: de memoria se redondea hacia el centro de la escala.`,
      },
      {
        title: 'Para qué sirve y dónde verla en la app',
        body: `## Decisiones de la cría

- **Al parto** se busca CC alrededor de 3: una vaca más flaca tarda más en volver a ciclar.
- **Al servicio** una vaca por debajo de 2,5 tiene menos chances de preñarse; es la señal para priorizar su alimentación o considerar un destete anticipado del ternero, siempre con el asesoramiento del veterinario o del nutricionista.
- Comparar la CC del **tacto** con la del **destete** muestra si el campo alcanzó.

## En la app

- La **ficha del animal** (buscá la caravana en el buscador del encabezado) muestra su historia de *Condición corporal* junto a pesadas, servicios y diagnósticos.
- Las tablas de **Manga** muestran, en cada fila, la condición corporal del animal registrada en esa sesión.`,
      },
    ],
    questions: [
      {
        prompt: '¿Qué escala usa la app para la condición corporal?',
        options: ['De 1 a 9, enteros', 'De 1 a 5, con medios puntos', 'De 0 a 10, con decimales'],
        correct: 1,
      },
      {
        prompt:
          'Una vaca con costillas apenas visibles, que se palpan con presión leve y contorno redondeado, es…',
        options: ['CC 1', 'CC 3', 'CC 5'],
        correct: 1,
      },
      {
        prompt: '¿Qué conviene para que varias personas puntúen igual?',
        options: [
          'Que cada uno use su propio criterio',
          'Seguir el mismo orden de palpado y calibrar con las primeras vacas',
          'Puntuar después de correr a los animales',
        ],
        correct: 1,
      },
    ],
  },
  {
    title: 'Protocolo de IATF paso a paso',
    summary:
      'Las etapas de un protocolo de inseminación artificial a tiempo fijo y cómo se registra cada una en la app: preservicio, inseminación y diagnóstico de gestación.',
    passMark: 70,
    lessons: [
      {
        title: 'Elegir las hembras: el preservicio',
        body: `Antes de sincronizar, el veterinario revisa las hembras y decide cuáles entran al protocolo. Ese control se registra como **preservicio**, en una sesión con tipo de trabajo *Preservicio*:

- **Grado reproductivo** (GDR), para vaquillonas: de 1 (tracto infantil) a 4 (ciclando).
- **Estado ovárico**: *Anestro sup*, *Anestro prof*, *Ciclando*, *No apta* o *Preñada*.

Cada preservicio necesita al menos uno de los dos datos. Solo se registran en hembras: la app rechaza un preservicio, una inseminación o un diagnóstico de un macho.

> Las hembras en anestro profundo o con CC baja suelen responder peor al protocolo. La decisión de incluirlas la toma el veterinario.`,
      },
      {
        title: 'Las etapas del protocolo',
        body: `Un protocolo de IATF típico con progesterona dura unos diez días. Las drogas, las dosis y los horarios los define **siempre el veterinario**; este es el esquema general:

1. **Día 0**: se coloca el dispositivo intravaginal con progesterona y se aplica benzoato de estradiol.
2. **Día 7 u 8**: se retira el dispositivo y se aplican prostaglandina, eCG (según el caso) y cipionato de estradiol. Muchos equipos pintan la base de la cola para ver después quién mostró celo.
3. **Día 9 o 10**: **inseminación a tiempo fijo**, entre 48 y 56 horas después del retiro, sin detectar celo.

Buenas prácticas:

- Respetar los horarios: una hora de más o de menos cambia el resultado.
- Manejar el semen según las indicaciones (descongelado a temperatura y tiempo justos).
- Trabajar con calma: el estrés en la manga baja la preñez.`,
      },
      {
        title: 'Registrar la inseminación y el diagnóstico',
        body: `## La inseminación

1. Con los **toros** y los **inseminadores** ya cargados en la configuración del establecimiento, creá una sesión con tipo de trabajo *Inseminación artificial (IATF)*.
2. En **Manga → Inseminaciones**, **Nueva Inseminación → Individual**.
3. Por cada vaca: caravana y Enter, **Toro** (obligatorio), **Inseminador** (si no se sabe, queda sin especificar) y **Fecha**. Guardar.

Para muchas vacas a la vez, el administrador puede usar **Masivo** con la planilla *IATF_Template.xlsx*.

## El diagnóstico de gestación

Unos 30 a 35 días después, el veterinario hace el tacto o la ecografía. En una sesión con tipo de trabajo *Diagnóstico de gestación*, **Nuevo Diag. Gestación** registra:

- **Diagnóstico**: *Cabeza*, *Cuerpo*, *Cola* (según el tamaño de la preñez), *IA* (preñada de la inseminación), *Embrión* o *Vacia*.
- **Ecografía**: sí o no.

La tabla de **Inseminaciones** muestra, en cada fila, el preservicio anterior y el diagnóstico siguiente de la vaca: así se ve el resultado del protocolo animal por animal.`,
      },
    ],
    questions: [
      {
        prompt: '¿Cuándo se insemina en un protocolo de IATF?',
        options: [
          'Cuando se detecta el celo',
          'A hora fija, unas 48 a 56 horas después de retirar el dispositivo',
          'El mismo día en que se coloca el dispositivo',
        ],
        correct: 1,
      },
      {
        prompt: '¿Quién define las drogas y las dosis del protocolo?',
        options: ['El veterinario', 'El operario de la manga', 'La app'],
        correct: 0,
      },
      {
        prompt: 'Al registrar una inseminación, ¿qué dato es obligatorio además de la caravana y la fecha?',
        options: ['El inseminador', 'El toro', 'La condición corporal'],
        correct: 1,
      },
      {
        prompt: '¿Qué se registra en el preservicio?',
        options: [
          'El peso y el momento de pesada',
          'El grado reproductivo y/o el estado ovárico',
          'El toro y el inseminador',
        ],
        correct: 1,
      },
    ],
  },
  {
    title: 'Cargar eventos desde una planilla',
    summary:
      'Cuando el trabajo se anotó en papel o en otra planilla: cómo pasar pesadas, inseminaciones, diagnósticos y preservicios a la app de una sola vez, sin errores.',
    passMark: 70,
    lessons: [
      {
        title: 'Quién puede y qué se necesita',
        body: `La carga **Masivo** está disponible para los **administradores** del establecimiento. Un usuario sin ese rol registra los eventos de a uno con **Individual**.

Antes de cargar:

- Que los **animales** existan en **Animales** (o darlos de alta primero con la planilla de animales).
- Que los **rodeos**, los **toros** y los **inseminadores** que nombra la planilla estén cargados en la configuración: la planilla debe usar los mismos nombres.
- Una **sesión** del tipo de evento (o crearla desde el mismo panel).

## Las plantillas

Cada panel ofrece descargar su plantilla de ejemplo:

| Evento | Plantilla |
|---|---|
| Pesadas | *Pesada_Template.xlsx* |
| Inseminaciones | *IATF_Template.xlsx* |
| Diagnósticos de gestación | *PregnancyCheck_Template.xlsx* |
| Preservicios | *preservicios_template_2.xlsx* |`,
      },
      {
        title: 'Completar la planilla sin errores',
        body: `Reglas que la app revisa en cada fila:

- **IDV** e **IDE** no se repiten dentro de la planilla.
- La caravana electrónica tiene **15 caracteres**. Excel suele borrar un 0 inicial: formateá la columna como texto.
- Las fechas van como **DD/MM/AAAA** (en pesadas se puede agregar la hora, DD/MM/AAAA HH:MM).
- Los valores de las listas deben escribirse como en la app: por ejemplo, diagnóstico *Cabeza*, *Cuerpo*, *Cola*, *Vacia*, *IA* o *Embrión*; estado ovárico *Anestro sup*, *Anestro prof*, *Ciclando*, *No apta* o *Preñada*.
- Para una vaca preñada de servicio natural se escribe **REPASO** en la columna del toro.
- Si un dato no se conoce, se deja la celda **vacía**.

El archivo es un *.xlsx* de hasta 10 MB y 20.000 filas; se lee solo la primera hoja. El botón de ayuda del panel muestra las reglas de cada columna.`,
      },
      {
        title: 'Enviar y leer los errores',
        body: `1. En **Manga**, abrí la pestaña del evento y tocá **Masivo**.
2. Elegí la **sesión** y el archivo en *Selecciona el archivo:*.
3. Tocá **Enviar** (mientras trabaja dice *Enviando...*).

La carga es **todo o nada**: si una sola fila tiene un problema, no se guarda ninguna y el panel lista cada problema con su **fila** y su **columna** (la fila como la numera Excel). Corregí la planilla y volvé a enviarla entera; no hay que borrar nada en la app.

Cuando todo está bien, un aviso confirma cuántas filas se guardaron y las tablas se actualizan solas.`,
      },
    ],
    questions: [
      {
        prompt: 'Una planilla de 500 filas tiene un error en la fila 120. ¿Qué se guarda?',
        options: [
          'Las 499 filas correctas',
          'Nada: se corrige y se envía de nuevo',
          'Las primeras 119 filas',
        ],
        correct: 1,
      },
      {
        prompt: '¿Qué hacer con la columna de caravana electrónica en Excel?',
        options: [
          'Formatearla como texto para no perder un 0 inicial',
          'Dejarla vacía siempre',
          'Escribirla con guiones',
        ],
        correct: 0,
      },
      {
        prompt: '¿Quién puede usar la carga Masivo?',
        options: ['Cualquier usuario', 'Los administradores del establecimiento', 'Solo el veterinario'],
        correct: 1,
      },
    ],
  },
]
