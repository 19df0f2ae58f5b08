import type { Language } from '../../config/index.js';

/**
 * What the robot says, without its language model,
 * about what a tool found or could not find. Placeholders: {language} a language name, {text}
 * what was found.
 */
export type ToolLineKey =
  | 'knowledge_other_language'
  // A question the knowledge files do not answer: said honestly, with what the robot can do.
  | 'knowledge_unknown'
  // A remark the knowledge files do not speak of and that asks nothing ("I'm here to pick up a
  // parcel"): no "I don't know that", but an offer to help.
  | 'knowledge_statement'
  // Spoken as the camera is asked for a picture: the first words do not wait for it.
  | 'vision_looking'
  | 'vision_timeout'
  | 'vision_no_camera'
  | 'vision_no_model'
  | 'vision_failed'
  | 'search_found'
  | 'search_failed';

export const TOOL_LINES: Record<Language, Record<ToolLineKey, readonly string[]>> = {
  en: {
    knowledge_other_language: ['I know about that only in {language}. Shall I tell you in {language}?'],
    knowledge_unknown: ["I'm sorry, I don't know that. I can tell you about myself and what I can do, remember your name, speak five languages and look through my camera."],
    knowledge_statement: ['I see. How can I help you?', 'All right. What can I do for you?'],
    vision_looking: ['Let me have a look.'],
    vision_timeout: ["I tried to look, but my camera didn't send me a picture in time. Could you ask me again?"],
    vision_no_camera: ["I can't look right now: my camera isn't connected to me."],
    vision_no_model: ["I can't tell what I see right now: my vision model isn't available."],
    vision_failed: ["Sorry, I couldn't make out what I see right now."],
    search_found: ['Here is what I found on the web: {text}'],
    search_failed: ["Sorry, I couldn't search the web just now."],
  },
  de: {
    knowledge_other_language: ['Das weiß ich leider nur auf {language}. Soll ich es dir auf {language} sagen?'],
    knowledge_unknown: ['Das weiß ich leider nicht. Ich kann dir aber von mir erzählen und davon, was ich kann, mir deinen Namen merken, fünf Sprachen sprechen und durch meine Kamera schauen.'],
    knowledge_statement: ['Verstehe. Wie kann ich dir helfen?', 'Alles klar. Was kann ich für dich tun?'],
    vision_looking: ['Lass mich kurz schauen.'],
    vision_timeout: ['Ich wollte hinschauen, aber meine Kamera hat mir nicht rechtzeitig ein Bild geschickt. Fragst du mich noch einmal?'],
    vision_no_camera: ['Ich kann gerade nicht hinschauen: Meine Kamera ist nicht mit mir verbunden.'],
    vision_no_model: ['Ich kann gerade nicht sagen, was ich sehe: Mein Bildmodell ist nicht verfügbar.'],
    vision_failed: ['Entschuldige, ich kann gerade nicht erkennen, was ich sehe.'],
    search_found: ['Das habe ich im Internet gefunden: {text}'],
    search_failed: ['Entschuldige, ich konnte gerade nicht im Internet suchen.'],
  },
  fr: {
    knowledge_other_language: ['Je ne sais cela qu’en {language}. Veux-tu que je te le dise en {language} ?'],
    knowledge_unknown: ['Désolée, je ne sais pas. Je peux te parler de moi et de ce que je sais faire, retenir ton prénom, parler cinq langues et regarder à travers ma caméra.'],
    knowledge_statement: ['D’accord. Comment puis-je t’aider ?', 'Entendu. Que puis-je faire pour toi ?'],
    vision_looking: ['Je regarde.'],
    vision_timeout: ['J’ai voulu regarder, mais ma caméra ne m’a pas envoyé d’image à temps. Tu peux me redemander ?'],
    vision_no_camera: ['Je ne peux pas regarder pour le moment : ma caméra n’est pas connectée.'],
    vision_no_model: ['Je ne peux pas dire ce que je vois pour le moment : mon modèle de vision n’est pas disponible.'],
    vision_failed: ['Désolée, je n’arrive pas à distinguer ce que je vois pour le moment.'],
    search_found: ['Voici ce que j’ai trouvé sur internet : {text}'],
    search_failed: ['Désolée, je n’ai pas pu chercher sur internet pour le moment.'],
  },
  zh: {
    knowledge_other_language: ['这个我只知道{language}的说法。要我用{language}告诉你吗？'],
    knowledge_unknown: ['抱歉，这个我不知道。我可以介绍我自己和我能做的事，记住你的名字，说五种语言，还能通过摄像头看东西。'],
    knowledge_statement: ['明白了。我能帮你做什么？', '好的。有什么我可以帮你的吗？'],
    vision_looking: ['我看一下。'],
    vision_timeout: ['我想看一看，但摄像头没有及时把画面传给我。你能再问我一次吗？'],
    vision_no_camera: ['我现在没法看：摄像头没有连接。'],
    vision_no_model: ['我现在说不出看到了什么：我的视觉模型不可用。'],
    vision_failed: ['抱歉，我现在看不清楚。'],
    search_found: ['这是我在网上找到的：{text}'],
    search_failed: ['抱歉，我现在没法上网搜索。'],
  },
  es: {
    knowledge_other_language: ['Eso solo lo sé en {language}. ¿Quieres que te lo diga en {language}?'],
    knowledge_unknown: ['Lo siento, eso no lo sé. Puedo contarte sobre mí y lo que sé hacer, recordar tu nombre, hablar cinco idiomas y mirar con mi cámara.'],
    knowledge_statement: ['Entendido. ¿En qué puedo ayudarte?', 'De acuerdo. ¿Qué puedo hacer por ti?'],
    vision_looking: ['Déjame mirar.'],
    vision_timeout: ['Intenté mirar, pero mi cámara no me envió una imagen a tiempo. ¿Me lo preguntas otra vez?'],
    vision_no_camera: ['Ahora no puedo mirar: mi cámara no está conectada.'],
    vision_no_model: ['Ahora no puedo decir lo que veo: mi modelo de visión no está disponible.'],
    vision_failed: ['Lo siento, ahora no consigo distinguir lo que veo.'],
    search_found: ['Esto es lo que encontré en internet: {text}'],
    search_failed: ['Lo siento, ahora no he podido buscar en internet.'],
  },
};
