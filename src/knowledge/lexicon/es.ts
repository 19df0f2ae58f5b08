import type { Concepts, Lexicon } from './types.js';

/** Spanish words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivo', 'viva', 'robot', 'máquina', 'humanoide', 'persona', 'humano', 'humana', 'androide', 'carne', 'hueso', 'autómata', 'droide'],
  name: ['nombre', 'llamo', 'llamas', 'llama', 'llamar', 'llámame', 'presentarme', 'presento', 'apodo', 'equivocado', 'equivocaste', 'confundido', 'confundiste', 'apellido', 'deletrear'],
  feel: ['insultar', 'insulten', 'insultan', 'insulto', 'ofende', 'ofender', 'sentir', 'sientes', 'sentimiento', 'sentimientos', 'emoción', 'emociones', 'ánimo', 'humor', 'triste', 'feliz', 'contenta', 'enfadas', 'enfadar', 'enojas', 'enojar', 'molesta', 'molestan', 'grosero', 'grosera', 'mala', 'pena', 'duele', 'doler', 'dolor', 'maleducado', 'maleducada', 'hiere', 'herir', 'ofendes', 'alegre', 'alegría', 'aburres', 'aburrido', 'aburrida', 'llorar', 'sonreír', 'enfado', 'insultos'],
  build: ['código', 'fuente', 'construyó', 'construido', 'constructores', 'fabricó', 'fabricado', 'hizo', 'creó', 'creado', 'creador', 'programó', 'programado', 'empresa', 'desarrolló', 'diseñó', 'dueño', 'propietario', 'inventó', 'inventor', 'ingenieros', 'equipo', 'diseñado', 'montó', 'ensambló', 'armó', 'armado', 'origen', 'licencia'],
  data: ['datos', 'información', 'perfil', 'guardas', 'guardo', 'guardan', 'guardar', 'recuerdos', 'grabas', 'grabar', 'almacenas', 'almacenar', 'foto', 'fotos', 'expediente', 'archivo', 'grabación', 'grabaciones', 'filmas', 'filmar', 'vídeo', 'vídeos', 'video', 'recopilas', 'conservas', 'apuntas', 'apuntes', 'notas', 'privacidad'],
  remember: ['recuerdo', 'recuerdas', 'recordar', 'acordarás', 'acordarte', 'acuerdas', 'reconocer', 'reconocerás', 'reconoces', 'cara', 'caras', 'memoria', 'memorizar'],
  return: ['volver', 'vuelva', 'vuelvo', 'regrese', 'regreso', 'próxima', 'regresar'],
  forget: ['olvidar', 'olvides', 'olvida', 'olvídame', 'olvídate', 'borrar', 'borres', 'borra', 'eliminar', 'elimina', 'quitar', 'suprimir'],
  online: ['internet', 'conectada', 'conectado', 'nube', 'servidor', 'sube', 'subir', 'wifi', 'mandas', 'enviar', 'envías', 'enviados', 'envía', 'transmites', 'compartes', 'compartir', 'fuera'],
  computer: ['ordenador', 'computadora', 'local', 'localmente'],
  mind: ['funcionas', 'funcionar', 'mente', 'cerebro', 'piensas', 'pensar', 'programa', 'inteligencia', 'IA', 'artificial', 'chatbot', 'controla', 'controlado', 'maneja', 'manejar', 'manejan', 'cabeza', 'algoritmo', 'inteligente', 'conciencia', 'dirige', 'opera'],
  language: ['idioma', 'idiomas', 'lengua', 'lenguas', 'inglés', 'alemán', 'francés', 'español', 'chino', 'mandarín', 'italiano', 'japonés', 'ruso', 'árabe', 'traducir', 'extranjero'],
  switch: ['cambiar', 'cambie', 'cambiemos', 'seguir', 'pasar', 'continuar', 'continuamos', 'prefiero'],
  see: ['ver', 'ves', 'veo', 'verme', 'mirar', 'miras', 'cámara', 'ojos', 'ropa', 'camisa', 'describir', 'color', 'gafas', 'ciega', 'observas', 'chaqueta', 'abrigo', 'zapatos', 'jersey', 'suéter', 'sombrero', 'bufanda'],
  move: ['caminar', 'moverte', 'pasear', 'mover', 'llevar', 'llevarme', 'traer', 'acompañar', 'acompañarme', 'coger', 'recoger', 'acompañas', 'acompañes', 'guiar', 'guías', 'llevas', 'llévame', 'caminas', 'mueves', 'piernas', 'ruedas', 'traes'],
  pay: ['pagar', 'pago', 'pagos', 'tarjeta', 'tarjetas', 'dinero', 'cobrar', 'efectivo', 'cobras', 'factura', 'recibo', 'precio'],
  interrupt: ['interrumpir', 'interrumpirte', 'cortarte', 'cortar', 'callar', 'calles', 'cállate', 'detengo', 'parar', 'silencio', 'interrumpo', 'interrumpes', 'callas', 'basta', 'pausa'],
  leave: ['despedir', 'despido', 'despídete', 'adiós', 'vayas', 'marcho', 'irse', 'irme', 'despedirme', 'salgo'],
  talk: ['hablar', 'hablo', 'hablas', 'conversar', 'charlar', 'conversación', 'platicar', 'comunicar', 'conversas'],
  hear: ['oyes', 'oír', 'oírme', 'escuchas', 'gritar', 'escuchar', 'oídos', 'voz', 'micrófono'],
  phone: ['llamadas', 'telefonear', 'teléfono', 'móvil', 'celular'],
  stand: ['pongo', 'ponte', 'ponerme', 'delante', 'cerca', 'lejos', 'acerco', 'acercarme', 'situarme', 'colocarme', 'colocar'],
  job: ['recepción', 'recepcionista', 'oficio', 'profesión', 'trabajo', 'trabajas', 'empleo', 'puesto', 'cargo'],
  ability: ['capaz', 'ayudar', 'sirves', 'útil', 'buena', 'habilidades', 'funciones', 'ofreces', 'servicios', 'talentos', 'capacidades'],
  question: ['pregunta', 'preguntas', 'preguntar', 'responder', 'respuesta', 'respuestas', 'temas', 'adivinar', 'inventas', 'inventar', 'mentir', 'mientes', 'mentiras', 'conocimientos', 'equivocas'],
  greet: ['saludar', 'saludas', 'saludo', 'bienvenida', 'recibes'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['pasa', 'ocurre', 'sucede', 'cosa', 'cosas', 'clase', 'tipo', 'alguien', 'hola', 'oye', 'dime'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). Spanish drops its pronouns ("¿Hablas chino?"), so the commonest verbs of the first and second person count too. */
const persons = ['robot', 'yo', 'me', 'mi', 'mí', 'mis', 'conmigo', 'tú', 'tu', 'te', 'ti', 'tus', 'contigo', 'usted', 'ustedes', 'nosotros', 'nos', 'nuestro', 'nuestra', 'eres', 'estás', 'tienes', 'puedes', 'podrías', 'sabes', 'hablas', 'haces', 'vas', 'quieres', 'recuerdas', 'ves', 'oyes', 'entiendes', 'guardas', 'sientes', 'piensas', 'funcionas', 'sirves', 'conoces', 'usas', 'necesitas', 'soy', 'estoy', 'tengo', 'puedo', 'quiero', 'debo', 'hago', 'hablo'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("fotos" is "foto", "guardamos" "guarda"). */
const suffixes = ['es', 's', 'mos', 'n'];

/** A generic subject: "¿Se puede …?", "¿Es posible …?", "¿Hay que …?". */
const generic = ['se', 'posible', 'hay'];

/** Spanish drops its pronouns: the verb's ending says who ("¿Grabas…?", "lo que hablamos"). Only thesaurus words are read so (a plural noun ends in -as too). */
const personEndings = ['as', 'es', 'amos', 'emos', 'imos'];

export const ES: Lexicon = { concepts, frames, persons, generic, personEndings, suffixes };
