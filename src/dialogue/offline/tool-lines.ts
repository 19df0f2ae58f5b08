import type { Language } from '../../config/index.js';

/**
 * What the robot says, without its language model,
 * about what a tool found or could not find. Placeholders: {language} a language name, {text}
 * what was found.
 */
export type ToolLineKey =
  | 'knowledge_other_language'
  | 'vision_timeout'
  | 'vision_no_camera'
  | 'vision_no_model'
  | 'vision_failed'
  | 'search_found'
  | 'search_failed';

export const TOOL_LINES: Record<Language, Record<ToolLineKey, readonly string[]>> = {
  en: {
    knowledge_other_language: ['I know something about that, but only in {language}. Shall I switch to {language}?'],
    vision_timeout: ["I tried to look, but my camera didn't send me a picture in time. Could you ask me again?"],
    vision_no_camera: ["I can't look right now: my camera isn't connected to me."],
    vision_no_model: ["I can't tell what I see right now: my vision model isn't available."],
    vision_failed: ["Sorry, I couldn't make out what I see right now."],
    search_found: ['Here is what I found on the web: {text}'],
    search_failed: ["Sorry, I couldn't search the web just now."],
  },
  de: {
    knowledge_other_language: ['Dazu weiß ich etwas, aber nur auf {language}. Soll ich auf {language} wechseln?'],
    vision_timeout: ['Ich wollte hinschauen, aber meine Kamera hat mir nicht rechtzeitig ein Bild geschickt. Fragst du mich noch einmal?'],
    vision_no_camera: ['Ich kann gerade nicht hinschauen: Meine Kamera ist nicht mit mir verbunden.'],
    vision_no_model: ['Ich kann gerade nicht sagen, was ich sehe: Mein Bildmodell ist nicht verfügbar.'],
    vision_failed: ['Entschuldige, ich kann gerade nicht erkennen, was ich sehe.'],
    search_found: ['Das habe ich im Internet gefunden: {text}'],
    search_failed: ['Entschuldige, ich konnte gerade nicht im Internet suchen.'],
  },
  fr: {
    knowledge_other_language: ['Je sais quelque chose à ce sujet, mais seulement en {language}. Veux-tu que je parle {language} ?'],
    vision_timeout: ['J’ai voulu regarder, mais ma caméra ne m’a pas envoyé d’image à temps. Tu peux me redemander ?'],
    vision_no_camera: ['Je ne peux pas regarder pour le moment : ma caméra n’est pas connectée.'],
    vision_no_model: ['Je ne peux pas dire ce que je vois pour le moment : mon modèle de vision n’est pas disponible.'],
    vision_failed: ['Désolée, je n’arrive pas à distinguer ce que je vois pour le moment.'],
    search_found: ['Voici ce que j’ai trouvé sur internet : {text}'],
    search_failed: ['Désolée, je n’ai pas pu chercher sur internet pour le moment.'],
  },
  zh: {
    knowledge_other_language: ['关于这个我知道一些，但只有{language}的资料。要我改说{language}吗？'],
    vision_timeout: ['我想看一看，但摄像头没有及时把画面传给我。你能再问我一次吗？'],
    vision_no_camera: ['我现在没法看：摄像头没有连接。'],
    vision_no_model: ['我现在说不出看到了什么：我的视觉模型不可用。'],
    vision_failed: ['抱歉，我现在看不清楚。'],
    search_found: ['这是我在网上找到的：{text}'],
    search_failed: ['抱歉，我现在没法上网搜索。'],
  },
  es: {
    knowledge_other_language: ['Sé algo sobre eso, pero solo en {language}. ¿Quieres que hable en {language}?'],
    vision_timeout: ['Intenté mirar, pero mi cámara no me envió una imagen a tiempo. ¿Me lo preguntas otra vez?'],
    vision_no_camera: ['Ahora no puedo mirar: mi cámara no está conectada.'],
    vision_no_model: ['Ahora no puedo decir lo que veo: mi modelo de visión no está disponible.'],
    vision_failed: ['Lo siento, ahora no consigo distinguir lo que veo.'],
    search_found: ['Esto es lo que encontré en internet: {text}'],
    search_failed: ['Lo siento, ahora no he podido buscar en internet.'],
  },
};
