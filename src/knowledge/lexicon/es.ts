import type { Concepts, Lexicon } from './types.js';

/** Spanish words of the knowledge thesaurus' concepts (see ../concepts.ts for how they are matched). */
const concepts: Concepts = {
  robot: ['vivo', 'viva', 'robot', 'máquina', 'humanoide', 'persona', 'humano', 'humana', 'androide'],
  name: ['nombre', 'llamo', 'llamas', 'llama', 'llamar', 'llámame', 'presentarme', 'presento', 'apodo'],
  feel: ['insultar', 'insulten', 'insultan', 'insulto', 'ofende', 'ofender', 'sentir', 'sientes', 'sentimiento', 'sentimientos', 'emoción', 'emociones', 'ánimo', 'humor', 'triste', 'feliz', 'contenta', 'enfadas', 'enfadar', 'enojas', 'enojar', 'molesta', 'molestan', 'grosero', 'grosera', 'mala', 'pena'],
  build: ['código', 'fuente', 'construyó', 'construido', 'constructores', 'fabricó', 'fabricado', 'hizo', 'creó', 'creado', 'creador', 'programó', 'programado', 'empresa', 'desarrolló', 'diseñó', 'dueño', 'propietario'],
  data: ['datos', 'información', 'perfil', 'guardas', 'guardo', 'guardan', 'guardar', 'recuerdos', 'grabas', 'grabar', 'almacenas', 'almacenar', 'foto', 'fotos', 'expediente', 'archivo'],
  remember: ['recuerdo', 'recuerdas', 'recordar', 'acordarás', 'acordarte', 'acuerdas', 'reconocer', 'reconocerás', 'reconoces', 'cara', 'caras'],
  return: ['volver', 'vuelva', 'vuelvo', 'regrese', 'regreso'],
  forget: ['olvidar', 'olvides', 'olvida', 'olvídame', 'olvídate', 'borrar', 'borres', 'borra', 'eliminar', 'elimina'],
  online: ['internet', 'conectada', 'conectado', 'nube', 'servidor', 'sube', 'subir', 'wifi'],
  computer: ['ordenador', 'computadora', 'local', 'localmente'],
  mind: ['funcionas', 'funcionar', 'mente', 'cerebro', 'piensas', 'pensar', 'programa', 'inteligencia', 'IA', 'artificial', 'chatbot', 'controla', 'controlado'],
  language: ['idioma', 'idiomas', 'lengua', 'lenguas', 'inglés', 'alemán', 'francés', 'español', 'chino', 'mandarín'],
  switch: ['cambiar', 'cambie', 'cambiemos', 'seguir', 'pasar'],
  see: ['ver', 'ves', 'veo', 'verme', 'mirar', 'miras', 'cámara', 'ojos', 'ropa', 'camisa'],
  move: ['caminar', 'moverte', 'pasear', 'mover', 'llevar', 'llevarme', 'traer', 'acompañar', 'acompañarme', 'coger', 'recoger'],
  pay: ['pagar', 'pago', 'pagos', 'tarjeta', 'tarjetas', 'dinero', 'cobrar', 'efectivo'],
  interrupt: ['interrumpir', 'interrumpirte', 'cortarte', 'cortar', 'callar', 'calles', 'cállate', 'detengo', 'parar', 'silencio'],
  leave: ['despedir', 'despido', 'despídete', 'adiós', 'vayas', 'marcho', 'irse', 'irme'],
  talk: ['hablar', 'hablo', 'hablas', 'conversar', 'charlar', 'conversación'],
  hear: ['oyes', 'oír', 'oírme', 'escuchas', 'gritar'],
  phone: ['llamadas', 'telefonear', 'teléfono'],
  stand: ['pongo', 'ponte', 'ponerme', 'delante', 'distancia', 'cerca', 'lejos'],
  job: ['recepción', 'recepcionista', 'oficio', 'profesión'],
  ability: ['capaz', 'ayudar', 'sirves', 'útil', 'buena', 'habilidades'],
  question: ['pregunta', 'preguntas', 'preguntar', 'responder', 'respuesta', 'respuestas', 'temas', 'adivinar', 'inventas', 'inventar', 'mentir', 'mientes', 'mentiras'],
};

/** Words that frame a question without saying what it is about (a greeting, "what happens when", "what kind of"). */
const frames = ['pasa', 'ocurre', 'sucede', 'cosa', 'cosas', 'clase', 'tipo', 'alguien', 'hola', 'oye', 'dime'];

/** Words that speak of the visitor or the robot (I, you, we, "this robot"). Spanish drops its pronouns ("¿Hablas chino?"), so the commonest verbs of the first and second person count too. */
const persons = ['robot', 'yo', 'me', 'mi', 'mí', 'mis', 'conmigo', 'tú', 'tu', 'te', 'ti', 'tus', 'contigo', 'usted', 'ustedes', 'nosotros', 'nos', 'nuestro', 'nuestra', 'eres', 'estás', 'tienes', 'puedes', 'podrías', 'sabes', 'hablas', 'haces', 'vas', 'quieres', 'recuerdas', 'ves', 'oyes', 'entiendes', 'guardas', 'sientes', 'piensas', 'funcionas', 'sirves', 'conoces', 'usas', 'necesitas', 'soy', 'estoy', 'tengo', 'puedo', 'quiero', 'debo', 'hago', 'hablo'];

/** Inflectional endings: a word not in the thesaurus is looked up again without one ("fotos" is "foto", "guardamos" "guarda"). */
const suffixes = ['es', 's', 'mos', 'n'];

export const ES: Lexicon = { concepts, frames, persons, suffixes };
