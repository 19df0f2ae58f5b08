import type { Language } from '../../config/index.js';
import { ABOUT_LINES, type AboutLineKey } from './about-lines.js';
import { TOOL_LINES, type ToolLineKey } from './tool-lines.js';

/**
 * What the robot says without its language model. Placeholders: {robot} the persona's name,
 * {name} the user's name, {language} a language name, {supported} the languages it speaks.
 */
export type LineKey =
  | 'greeting'
  | 'greeting_known'
  | 'farewell'
  | 'farewell_known'
  | 'language_switched'
  | 'language_unsupported'
  | 'language_unclear'
  | 'info_ack'
  | 'no_llm'
  | 'error'
  | 'name_confirm'
  | 'name_new'
  | 'name_known'
  // a name the robot had wrong, corrected by the person
  | 'name_corrected'
  // {said} is what the person said last time, word for word
  | 'recall_last_time'
  | ToolLineKey
  | AboutLineKey;

export const LINES: Record<Language, Record<LineKey, readonly string[]>> = {
  en: {
    ...TOOL_LINES.en,
    ...ABOUT_LINES.en,
    greeting: ["Hello! I'm {robot}. Nice to meet you. What's your name?", "Hi there, I'm {robot}! Who do I have the pleasure of meeting?"],
    greeting_known: ['Hello {name}, nice to see you again!', 'Welcome back, {name}! Good to see you.'],
    farewell: ['Goodbye! It was nice talking to you.', 'See you soon, and take care!'],
    farewell_known: ['Goodbye, {name}! It was nice talking to you.', 'Take care, {name}. See you next time!'],
    language_switched: ["Of course! From now on I'll speak English."],
    language_unsupported: ["I'm sorry, I can't speak {language} yet. I can speak {supported}."],
    language_unclear: ['Which language would you like me to speak? I can speak {supported}.'],
    info_ack: ['Thank you for telling me.', "Thanks, that's good to know."],
    no_llm: [
      "I'm sorry, I can't answer that properly right now: my language model isn't available. I can still greet you, learn your name and switch languages.",
    ],
    error: ['Sorry, something went wrong on my side. Could you say that again?'],
    name_confirm: ['Is your name {name}?'],
    name_new: ['Nice to meet you, {name}!', "Nice to meet you, {name}. I'll remember you."],
    name_corrected: ['Sorry about that, {name}! I have your name right now.'],
    name_known: ['Welcome back, {name}! Nice to see you again.', 'Of course, {name}! Good to see you again.'],
    recall_last_time: ['Last time you told me: “{said}”', 'I remember you told me: “{said}”'],
  },
  de: {
    ...TOOL_LINES.de,
    ...ABOUT_LINES.de,
    greeting: ['Hallo! Ich bin {robot}. Schön, dich kennenzulernen. Wie heißt du?', 'Hallo, ich bin {robot}! Mit wem habe ich das Vergnügen?'],
    greeting_known: ['Hallo {name}, schön, dich wiederzusehen!', 'Willkommen zurück, {name}! Schön, dich zu sehen.'],
    farewell: ['Auf Wiedersehen! Es war schön, mit dir zu sprechen.', 'Bis bald, und mach’s gut!'],
    farewell_known: ['Auf Wiedersehen, {name}! Es war schön, mit dir zu sprechen.', 'Mach’s gut, {name}. Bis zum nächsten Mal!'],
    language_switched: ['Natürlich! Ab jetzt spreche ich Deutsch.'],
    language_unsupported: ['Tut mir leid, {language} spreche ich noch nicht. Ich spreche {supported}.'],
    language_unclear: ['In welcher Sprache soll ich sprechen? Ich spreche {supported}.'],
    info_ack: ['Danke, dass du mir das erzählst.', 'Danke, gut zu wissen.'],
    no_llm: [
      'Tut mir leid, darauf kann ich gerade nicht richtig antworten: Mein Sprachmodell ist nicht verfügbar. Ich kann dich aber begrüßen, mir deinen Namen merken und die Sprache wechseln.',
    ],
    error: ['Entschuldige, bei mir ist etwas schiefgegangen. Kannst du das bitte wiederholen?'],
    name_confirm: ['Heißt du {name}?'],
    name_new: ['Schön, dich kennenzulernen, {name}!', 'Freut mich, {name}. Ich werde mir dich merken.'],
    name_corrected: ['Entschuldige, {name}! Jetzt habe ich deinen Namen richtig.'],
    name_known: ['Willkommen zurück, {name}! Schön, dich wiederzusehen.', 'Natürlich, {name}! Schön, dich wiederzusehen.'],
    recall_last_time: ['Letztes Mal hast du mir erzählt: „{said}“', 'Ich weiß noch, du hast mir erzählt: „{said}“'],
  },
  fr: {
    ...TOOL_LINES.fr,
    ...ABOUT_LINES.fr,
    greeting: ['Bonjour ! Je suis {robot}. Ravie de faire ta connaissance. Comment tu t’appelles ?', 'Salut, je suis {robot} ! À qui ai-je le plaisir de parler ?'],
    greeting_known: ['Bonjour {name}, contente de te revoir !', 'Bon retour, {name} ! Ça me fait plaisir de te voir.'],
    farewell: ['Au revoir ! C’était un plaisir de discuter avec toi.', 'À bientôt, prends soin de toi !'],
    farewell_known: ['Au revoir, {name} ! C’était un plaisir de discuter avec toi.', 'Prends soin de toi, {name}. À la prochaine !'],
    language_switched: ['Bien sûr ! À partir de maintenant, je parle français.'],
    language_unsupported: ['Désolée, je ne parle pas encore {language}. Je parle {supported}.'],
    language_unclear: ['Dans quelle langue veux-tu que je parle ? Je parle {supported}.'],
    info_ack: ['Merci de me l’avoir dit.', 'Merci, c’est bon à savoir.'],
    no_llm: [
      'Désolée, je ne peux pas bien répondre à cela pour le moment : mon modèle de langage n’est pas disponible. Je peux quand même te saluer, retenir ton prénom et changer de langue.',
    ],
    error: ['Désolée, quelque chose s’est mal passé de mon côté. Tu peux répéter, s’il te plaît ?'],
    name_confirm: ['Tu t’appelles {name} ?'],
    name_new: ['Enchantée, {name} !', 'Ravie de faire ta connaissance, {name}. Je me souviendrai de toi.'],
    name_corrected: ['Pardon, {name} ! Maintenant, j’ai bien ton prénom.'],
    name_known: ['Bon retour, {name} ! Contente de te revoir.', 'Bien sûr, {name} ! Contente de te revoir.'],
    recall_last_time: ['La dernière fois, tu m’as dit : « {said} »', 'Je me souviens que tu m’as dit : « {said} »'],
  },
  zh: {
    ...TOOL_LINES.zh,
    ...ABOUT_LINES.zh,
    greeting: ['你好！我是{robot}，很高兴认识你。你叫什么名字？', '你好，我是{robot}！请问怎么称呼你？'],
    greeting_known: ['{name}，你好！很高兴再次见到你！', '欢迎回来，{name}！见到你真好。'],
    farewell: ['再见！和你聊天很愉快。', '回头见，保重！'],
    farewell_known: ['再见，{name}！和你聊天很愉快。', '保重，{name}，下次见！'],
    language_switched: ['好的！从现在开始我说中文。'],
    language_unsupported: ['抱歉，我还不会说{language}。我会说{supported}。'],
    language_unclear: ['你希望我说哪种语言？我会说{supported}。'],
    info_ack: ['谢谢你告诉我。', '谢谢，我记住了。'],
    no_llm: ['抱歉，我现在没法好好回答这个问题：我的语言模型暂时不可用。不过我还是可以和你打招呼、记住你的名字，也可以切换语言。'],
    error: ['抱歉，我这边出了点问题。你能再说一遍吗？'],
    name_confirm: ['你是{name}吗？'],
    name_new: ['很高兴认识你，{name}！', '你好，{name}！我会记住你的。'],
    name_corrected: ['抱歉，{name}！现在我记对你的名字了。'],
    name_known: ['欢迎回来，{name}！很高兴再次见到你。', '当然记得，{name}！很高兴再见到你。'],
    recall_last_time: ['上次你跟我说：“{said}”', '我记得你跟我说过：“{said}”'],
  },
  es: {
    ...TOOL_LINES.es,
    ...ABOUT_LINES.es,
    greeting: ['¡Hola! Soy {robot}. Encantada de conocerte. ¿Cómo te llamas?', '¡Hola, soy {robot}! ¿Con quién tengo el gusto de hablar?'],
    greeting_known: ['¡Hola {name}, qué alegría verte de nuevo!', '¡Bienvenido de nuevo, {name}! Me alegra verte.'],
    farewell: ['¡Adiós! Ha sido un placer hablar contigo.', '¡Hasta pronto, cuídate!'],
    farewell_known: ['¡Adiós, {name}! Ha sido un placer hablar contigo.', 'Cuídate, {name}. ¡Hasta la próxima!'],
    language_switched: ['¡Claro! A partir de ahora hablo español.'],
    language_unsupported: ['Lo siento, todavía no hablo {language}. Hablo {supported}.'],
    language_unclear: ['¿En qué idioma quieres que hable? Hablo {supported}.'],
    info_ack: ['Gracias por contármelo.', 'Gracias, es bueno saberlo.'],
    no_llm: [
      'Lo siento, ahora mismo no puedo responder bien a eso: mi modelo de lenguaje no está disponible. Aun así puedo saludarte, recordar tu nombre y cambiar de idioma.',
    ],
    error: ['Lo siento, algo ha fallado por mi parte. ¿Puedes repetirlo?'],
    name_confirm: ['¿Te llamas {name}?'],
    name_new: ['¡Encantada de conocerte, {name}!', 'Mucho gusto, {name}. Me acordaré de ti.'],
    name_corrected: ['¡Perdona, {name}! Ahora tengo bien tu nombre.'],
    name_known: ['¡Bienvenido de nuevo, {name}! Me alegra verte otra vez.', '¡Claro, {name}! Me alegra verte de nuevo.'],
    recall_last_time: ['La última vez me contaste: «{said}»', 'Recuerdo que me contaste: «{said}»'],
  },
};
