import type { BaseCourse } from './0011_capacitations.content'

/**
 * The fifth base course of Capacitación Digital, 'Usar la app sin señal' (issue 24 names it; it was
 * written once the offline chute of decision 040 existed). Like 0011's courses it is part of the
 * migration's snapshot, written against the screens as they are at this migration: never edited once
 * landed; a new version of the course is a new migration.
 */
export const OFFLINE_COURSE: BaseCourse = {
  title: 'Usar la app sin señal',
  summary:
    'Cómo dejar el celular o la tablet listos antes de ir a la manga, trabajar toda la sesión sin señal y sincronizar al volver, sin perder ni duplicar registros.',
  passMark: 70,
  lessons: [
    {
      title: 'Antes de salir: preparar el dispositivo',
      body: `En los corrales y potreros muchas veces no hay señal. La app puede trabajar igual en la manga, siempre que el dispositivo se prepare **con señal**, antes de salir.

## Qué hacer en la oficina o en la casa

1. Iniciá sesión y elegí el establecimiento.
2. Abrí **Manga** y la pestaña del trabajo del día (por ejemplo **Pesadas**).
3. Creá la **sesión** del día: sin señal no se pueden crear sesiones nuevas.
4. En el recuadro *Trabajo sin conexión* tocá **Preparar para trabajar sin conexión**.

Cuando termina, el recuadro dice *Datos para trabajar sin conexión: N animales, actualizados el …* con la fecha y la hora. Esos datos son los de cada animal del establecimiento: caravanas, IDV, categoría, rodeo, último peso, alertas activas y estado de preñez. Con ellos la app muestra la tarjeta de cada animal aunque no haya señal.

> Si abrís un formulario de registro con señal y los datos del dispositivo tienen más de 15 minutos, la app los actualiza sola. Igual conviene prepararlos a mano justo antes de salir.

## Una vez por dispositivo

La primera vez que abrís **Manga** con señal, el navegador guarda la aplicación misma. Desde entonces la página de Manga abre aunque no haya señal, incluso si recargás o cerrás el navegador.`,
    },
    {
      title: 'En la manga sin señal',
      body: `Sin señal, el recuadro *Trabajo sin conexión* lo dice: *Sin conexión: los registros se guardan en este dispositivo*.

## El trabajo es el mismo

- Leé la caravana con el bastón o escribila y presioná **Enter**: la **tarjeta del animal** aparece desde los datos del dispositivo, con sus alertas.
- Completá el peso (o el toro, el diagnóstico o el preservicio) y tocá **Guardar**.
- El registro queda guardado **en el dispositivo** y figura como **pendiente** en *Últimos registrados*.

Arriba, en el encabezado y dentro del modo manga, un aviso cuenta lo que falta enviar: *N registros sin sincronizar*.

## En el potrero: partos y tratamientos

En **Recorredores** pasa lo mismo con **Nuevo parto** y **Nuevo tratamiento**: la madre o los animales se buscan en los datos del dispositivo y el registro queda pendiente hasta que vuelva la señal. Algunas reglas solo las puede controlar el servidor (por ejemplo, que una vaca no tenga dos partos con menos de 280 días, o que la caravana del ternero no esté usada): si no se cumplen, el registro pasa a **Revisar** al sincronizar. Para que la página de Recorredores abra sin señal, abrila una vez con señal en ese dispositivo.

## Lo que no se pierde

Los registros pendientes quedan en el dispositivo aunque se recargue la página, se cierre el navegador o se apague el celular. No hay que anotar nada en papel "por las dudas".

## Lo que necesita señal

- Crear una sesión nueva.
- Editar o eliminar registros ya enviados.
- Buscar un animal que se dio de alta después de preparar el dispositivo: la app avisa *Se necesita conexión para buscar el animal*.

> No cierres la sesión de la app con registros sin sincronizar: al cerrar sesión se borran los datos del dispositivo, y la app avisa antes cuántos registros se perderían.`,
    },
    {
      title: 'Volver a tener señal: sincronizar y revisar',
      body: `## Sincronizar

Cuando vuelve la señal, la app envía sola los registros pendientes, en el orden en que se tomaron. También se puede tocar **Sincronizar ahora** en el recuadro *Trabajo sin conexión* o en **Ver registros**.

Cada registro se guarda **una sola vez**: si la señal se corta en medio del envío, la app lo vuelve a mandar y el servidor reconoce que ya lo tenía. No aparecen pesadas repetidas.

Cuando un registro llega al servidor deja de decir *pendiente* en *Últimos registrados* y el contador del encabezado baja.

## Revisar

El servidor controla cada registro con las mismas reglas que si se hubiera cargado con señal. Si rechaza uno (por ejemplo, el animal fue eliminado mientras tanto o la caravana no corresponde), ese registro **no se descarta**: pasa a la lista **Revisar**, con el motivo en español, y en *Últimos registrados* figura *para revisar*.

En **Revisar** cada registro ofrece:

- **Reintentar**: después de corregir el problema en la app (por ejemplo, volver a dar de alta el animal).
- **Corregir**: asignarlo a otra caravana, si se leyó la equivocada.
- **Descartar**: pide confirmación, porque ese registro no se guardará.

## Una versión nueva

Si mientras tanto se publicó una versión nueva de la app, aparece *Hay una nueva versión* con el botón **Actualizar**. Conviene actualizar con señal y sin registros pendientes.`,
    },
  ],
  questions: [
    {
      prompt: '¿Cuándo hay que tocar "Preparar para trabajar sin conexión"?',
      options: [
        'Con señal, antes de ir a la manga',
        'En la manga, cuando se corta la señal',
        'Solo la primera vez que se usa la app',
      ],
      correct: 0,
    },
    {
      prompt: 'Se registraron 30 pesadas sin señal y se recargó la página. ¿Qué pasa con ellas?',
      options: [
        'Se pierden y hay que cargarlas de nuevo',
        'Siguen en el dispositivo como pendientes y se envían al volver la señal',
        'Se guardan en el servidor aunque no haya señal',
      ],
      correct: 1,
    },
    {
      prompt: 'El servidor rechaza una pesada porque el animal fue eliminado. ¿Dónde se encuentra?',
      options: [
        'En ningún lado: se descarta sola',
        'En la lista Revisar, con el motivo',
        'En la tabla de pesadas, marcada en rojo',
      ],
      correct: 1,
    },
    {
      prompt: '¿Qué no se puede hacer sin señal?',
      options: ['Registrar una pesada', 'Ver la tarjeta del animal', 'Crear una sesión nueva'],
      correct: 2,
    },
  ],
}
