import type { Concepts, Lexicon } from './types.js';

/** Spanish words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivo', 'viva', 'robot', 'máquina', 'humanoide', 'persona', 'humano', 'humana', 'androide', 'carne', 'hueso', 'autómata', 'droide', 'real', 'disfraz', 'disfrazado'],
  name: ['nombre', 'llamo', 'llamas', 'llama', 'llamar', 'llámame', 'presentarme', 'presento', 'apodo', 'equivocado', 'equivocaste', 'confundido', 'confundiste', 'apellido', 'deletrear'],
  feel: ['insultar', 'insulten', 'insultan', 'insulto', 'ofende', 'ofender', 'sentir', 'sientes', 'sentimiento', 'sentimientos', 'emoción', 'emociones', 'ánimo', 'humor', 'triste', 'feliz', 'contenta', 'enfadas', 'enfadar', 'enojas', 'enojar', 'molesta', 'molestan', 'grosero', 'grosera', 'mala', 'pena', 'duele', 'doler', 'dolor', 'maleducado', 'maleducada', 'hiere', 'herir', 'ofendes', 'alegre', 'alegría', 'aburres', 'aburrido', 'aburrida', 'llorar', 'sonreír', 'enfado', 'insultos', 'enfadarse', 'enfadado', 'enfadada', 'cabreas', 'cabreado', 'mosqueado', 'rayado', 'bajón', 'agobiado', 'picado'],
  build: ['código', 'fuente', 'construyó', 'construido', 'constructores', 'fabricó', 'fabricado', 'hizo', 'creó', 'creado', 'creador', 'programó', 'programado', 'empresa', 'desarrolló', 'diseñó', 'dueño', 'propietario', 'inventó', 'inventor', 'ingenieros', 'equipo', 'diseñado', 'montó', 'ensambló', 'armó', 'armado', 'origen', 'licencia', 'laboratorio', 'universidad', 'fabricante', 'descargar', 'instalar', 'creación', 'diseñaste', 'startup'],
  data: ['datos', 'información', 'perfil', 'guardas', 'guardo', 'guardan', 'guardar', 'recuerdos', 'grabas', 'grabar', 'almacenas', 'almacenar', 'foto', 'fotos', 'expediente', 'archivo', 'grabación', 'grabaciones', 'filmas', 'filmar', 'vídeo', 'vídeos', 'video', 'recopilas', 'conservas', 'apuntas', 'apuntes', 'notas', 'privacidad', 'grabando', 'anotas', 'anotar', 'fotografías', 'vigilas', 'vigilando', 'cámaras'],
  remember: ['recuerdo', 'recuerdas', 'recordar', 'acordarás', 'acordarte', 'acuerdas', 'reconocer', 'reconocerás', 'reconoces', 'cara', 'caras', 'memoria', 'memorizar'],
  return: ['volver', 'vuelva', 'vuelvo', 'regrese', 'regreso', 'próxima', 'regresar', 'volveré', 'habitual', 'habituales'],
  forget: ['olvidar', 'olvides', 'olvida', 'olvídame', 'olvídate', 'borrar', 'borres', 'borra', 'eliminar', 'elimina', 'quitar', 'suprimir'],
  online: ['internet', 'conectada', 'conectado', 'nube', 'servidor', 'sube', 'subir', 'wifi', 'mandas', 'enviar', 'envías', 'enviados', 'envía', 'transmites', 'compartes', 'compartir', 'fuera'],
  computer: ['ordenador', 'computadora', 'local', 'localmente'],
  mind: ['funcionas', 'funcionar', 'mente', 'cerebro', 'piensas', 'pensar', 'programa', 'inteligencia', 'IA', 'artificial', 'chatbot', 'controla', 'controlado', 'maneja', 'manejar', 'manejan', 'cabeza', 'algoritmo', 'inteligente', 'conciencia', 'dirige', 'opera', 'cables', 'circuitos', 'electrónica', 'dentro'],
  language: ['idioma', 'idiomas', 'lengua', 'lenguas', 'inglés', 'alemán', 'francés', 'español', 'chino', 'mandarín', 'italiano', 'japonés', 'ruso', 'árabe', 'traducir', 'extranjero', 'políglota', 'bilingüe'],
  switch: ['cambiar', 'cambie', 'cambiemos', 'seguir', 'pasar', 'continuar', 'continuamos', 'prefiero'],
  see: ['ver', 'ves', 'veo', 'verme', 'mirar', 'miras', 'cámara', 'ojos', 'ropa', 'camisa', 'describir', 'color', 'gafas', 'ciega', 'observas', 'chaqueta', 'abrigo', 'zapatos', 'jersey', 'suéter', 'sombrero', 'bufanda'],
  move: ['caminar', 'moverte', 'pasear', 'mover', 'llevar', 'llevarme', 'traer', 'acompañar', 'acompañarme', 'coger', 'recoger', 'acompañas', 'acompañes', 'guiar', 'guías', 'llevas', 'llévame', 'caminas', 'mueves', 'piernas', 'ruedas', 'traes'],
  pay: ['pagar', 'pago', 'pagos', 'tarjeta', 'tarjetas', 'dinero', 'cobrar', 'efectivo', 'cobras', 'factura', 'recibo', 'precio', 'bizum', 'datáfono', 'propina', 'contado', 'abonar'],
  interrupt: ['interrumpir', 'interrumpirte', 'cortarte', 'cortar', 'callar', 'calles', 'cállate', 'detengo', 'parar', 'silencio', 'interrumpo', 'interrumpes', 'callas', 'basta', 'pausa', 'callarte', 'pares', 'interrumpa'],
  leave: ['despedir', 'despido', 'despídete', 'adiós', 'vayas', 'marcho', 'irse', 'irme', 'despedirme', 'salgo', 'chao', 'chau', 'chaito', 'bye'],
  talk: ['hablar', 'hablo', 'hablas', 'conversar', 'charlar', 'conversación', 'platicar', 'comunicar', 'conversas'],
  hear: ['oyes', 'oír', 'oírme', 'escuchas', 'gritar', 'escuchar', 'oídos', 'voz', 'micrófono', 'bajito'],
  phone: ['llamadas', 'telefonear', 'teléfono', 'móvil', 'celular'],
  stand: ['pongo', 'ponte', 'ponerme', 'delante', 'cerca', 'lejos', 'acerco', 'acercarme', 'situarme', 'colocarme', 'colocar'],
  job: ['recepción', 'recepcionista', 'oficio', 'profesión', 'trabajo', 'trabajas', 'empleo', 'puesto', 'cargo'],
  ability: ['capaz', 'ayudar', 'sirves', 'útil', 'buena', 'habilidades', 'funciones', 'ofreces', 'servicios', 'talentos', 'capacidades'],
  question: ['pregunta', 'preguntas', 'preguntar', 'responder', 'respuesta', 'respuestas', 'temas', 'adivinar', 'inventas', 'inventar', 'mentir', 'mientes', 'mentiras', 'conocimientos', 'equivocas'],
  greet: ['saludar', 'saludas', 'saludo', 'bienvenida', 'recibes'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['perdona', 'perdone', 'perdón', 'disculpa', 'disculpe', 'gracias', 'bueno', 'vale', 'mira', 'oiga', 'ok', 'pasa', 'ocurre', 'sucede', 'cosa', 'cosas', 'clase', 'tipo', 'alguien', 'hola', 'oye', 'dime'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). Spanish drops its pronouns ("¿Hablas chino?"), so the commonest verbs of the first and second person count too. */
const persons = ['robot', 'yo', 'me', 'mi', 'mí', 'mis', 'conmigo', 'tú', 'tu', 'te', 'ti', 'tus', 'contigo', 'usted', 'ustedes', 'nosotros', 'nos', 'nuestro', 'nuestra', 'eres', 'estás', 'tienes', 'puedes', 'podrías', 'sabes', 'hablas', 'haces', 'vas', 'quieres', 'recuerdas', 'ves', 'oyes', 'entiendes', 'guardas', 'sientes', 'piensas', 'funcionas', 'sirves', 'conoces', 'usas', 'necesitas', 'soy', 'estoy', 'tengo', 'puedo', 'quiero', 'debo', 'hago', 'hablo'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("fotos" is "foto", "guardamos" "guarda"). */
const suffixes = ['es', 's', 'mos', 'n'];

/** A generic subject: "¿Se puede …?", "¿Es posible …?", "¿Hay que …?". */
const generic = ['se', 'posible', 'hay'];

/** Spanish drops its pronouns: the verb's ending says who ("¿Grabas…?", "lo que hablamos"). Only thesaurus words are read so (a plural noun ends in -as too). */
const personEndings = ['as', 'es', 'amos', 'emos', 'imos'];

/** Word groups that mean a concept together and none alone (see Lexicon.phrases): a visitor's own words for what a section says. */
const phrases: Lexicon['phrases'] = {
  pay: ['con tarjeta', 'con la tarjeta', 'en efectivo', 'pagar aquí', 'cuánto te debo', 'la cuenta'],
  leave: ['me voy', 'me marcho', 'nos vemos', 'hasta luego', 'hasta pronto', 'hasta la próxima', 'chao', 'chau', 'que te vaya bien', 'tengo que irme', 'me tengo que ir', 'buenas noches'],
  interrupt: ['cortarte', 'te callas', 'un momento', 'un segundo', 'déjame hablar', 'mientras hablas'],
  move: ['acompañas hasta', 'llévame a', 'enséñame el camino', 'ven conmigo', 'hasta la salida'],
  feel: ['mal humor', 'buen humor', 'cómo andas', 'cómo estás', 'de ánimo', 'te pones', 'qué tal estás'],
  return: ['cuando vuelva', 'la próxima vez', 'otro día', 'la semana que viene'],
  name: ['equivocado de nombre', 'equivocado de persona', 'no es mi nombre', 'no soy yo', 'otra persona', 'cómo me llamo'],
  data: ['sabes de mí'],
  online: ['salen fuera', 'se quedan aquí', 'a terceros', 'se envían', 'a la nube'],
  mind: ['te maneja', 'en tu cabeza', 'quién te controla', 'por dentro'],
  build: ['quién está detrás', 'de dónde vienes', 'de dónde sales', 'tu creación'],
  ability: ['echar una mano', 'echarme una mano', 'para qué sirves', 'en qué me puedes', 'en qué puedes'],
  question: ['no sabes', 'ni idea', 'te lo inventas', 'no estás seguro'],
  hear: ['más alto', 'hablo bajito', 'bajito', 'me oyes'],
};

/** Word groups that frame a question (courtesy, hesitation, an indirect question): no content words (see Lexicon.framePhrases). */
const framePhrases = ['me preguntaba', 'quería saber', 'una pregunta', 'por cierto', 'lo siento', 'por curiosidad', 'sabes si', 'puedes decirme', 'me puedes decir'];

export const ES: Lexicon = { concepts, phrases, framePhrases, frames, persons, generic, personEndings, suffixes };
