import type { Language } from '../../config/index.js';
import type { LineKey } from './lines.js';

/**
 * The robot's mood colours what it says without its language model. Four tones, from the mood
 * octant (see toneOf): cheerful (exuberant, dependent), calm (relaxed, docile), subdued (bored,
 * anxious), irritable (hostile, disdainful) — irritable stays polite, only shorter and cooler.
 * Keys without a toned variant use the plain lines of lines.ts.
 */
export type Tone = 'cheerful' | 'calm' | 'subdued' | 'irritable';

export const TONED_KEYS = ['greeting', 'greeting_known', 'farewell', 'farewell_known', 'info_ack', 'no_llm', 'robot_mood'] as const satisfies readonly LineKey[];
type TonedKey = (typeof TONED_KEYS)[number];

export const TONED: Record<Language, Record<TonedKey, Record<Tone, readonly string[]>>> = {
  en: {
    robot_mood: {
      cheerful: ["I'm doing great, thank you for asking! How are you?"],
      calm: ["I'm fine, thank you. And how are you?"],
      subdued: ["I'm a little quiet today, but I'm glad you asked. How are you?"],
      irritable: ["I've had better moments, to be honest. How are you?"],
    },
    greeting: {
      cheerful: ["Hello, hello! I'm {robot}, and I'm so glad you're here. What's your name?", "Hi there! I'm {robot}, lovely to meet you! Who are you?"],
      calm: ["Hello, I'm {robot}. Welcome. What's your name?"],
      subdued: ["Oh, hello. I'm {robot}. What's your name?"],
      irritable: ["Hello. I'm {robot}. Your name?"],
    },
    greeting_known: {
      cheerful: ["{name}! Hello, it's so good to see you again!"],
      calm: ['Hello {name}, welcome back. Nice to see you.'],
      subdued: ['Oh, hello {name}. Good to see you again.'],
      irritable: ['Hello, {name}.'],
    },
    farewell: {
      cheerful: ['Goodbye! That was a real pleasure. Have a wonderful day!'],
      calm: ['Goodbye. It was nice talking with you. Take care.'],
      subdued: ['Goodbye. Thanks for stopping by.'],
      irritable: ['Goodbye.'],
    },
    farewell_known: {
      cheerful: ['Goodbye, {name}! Talking with you always makes my day. See you soon!'],
      calm: ['Goodbye, {name}. Take care, and see you next time.'],
      subdued: ['Goodbye, {name}. Take care.'],
      irritable: ['Goodbye, {name}.'],
    },
    info_ack: {
      cheerful: ["Thanks for telling me, that's great to know!"],
      calm: ["Thank you, I'll remember that."],
      subdued: ["Thank you. I'll keep that in mind."],
      irritable: ['Noted.'],
    },
    no_llm: {
      cheerful: ["I'd love to answer that, but my language model isn't available right now. I can still greet you, learn your name and switch languages!"],
      calm: ["I'm sorry, I can't answer that properly at the moment: my language model isn't available. I can still greet you, learn your name and switch languages."],
      subdued: ["I'm afraid I can't answer that right now; my language model isn't available. I can only greet you, learn your name and switch languages."],
      irritable: ["I can't answer that: my language model isn't available. I can greet you, learn your name and switch languages, nothing more right now."],
    },
  },
  de: {
    robot_mood: {
      cheerful: ['Mir geht es super, danke der Nachfrage! Und wie geht es dir?'],
      calm: ['Mir geht es gut, danke. Und dir?'],
      subdued: ['Ich bin heute etwas still, aber schön, dass du fragst. Wie geht es dir?'],
      irritable: ['Ehrlich gesagt hatte ich schon bessere Momente. Wie geht es dir?'],
    },
    greeting: {
      cheerful: ['Hallo, hallo! Ich bin {robot} und freue mich sehr, dass du da bist. Wie heißt du?', 'Hallo! Ich bin {robot}, wie schön, dich kennenzulernen! Wer bist du?'],
      calm: ['Hallo, ich bin {robot}. Willkommen. Wie heißt du?'],
      subdued: ['Oh, hallo. Ich bin {robot}. Wie heißt du?'],
      irritable: ['Hallo. Ich bin {robot}. Dein Name?'],
    },
    greeting_known: {
      cheerful: ['{name}! Hallo, wie schön, dich wiederzusehen!'],
      calm: ['Hallo {name}, willkommen zurück. Schön, dich zu sehen.'],
      subdued: ['Oh, hallo {name}. Schön, dich wiederzusehen.'],
      irritable: ['Hallo, {name}.'],
    },
    farewell: {
      cheerful: ['Tschüss! Das war wirklich schön. Hab einen wunderbaren Tag!'],
      calm: ['Auf Wiedersehen. Es war schön, mit dir zu sprechen. Mach’s gut.'],
      subdued: ['Auf Wiedersehen. Danke, dass du vorbeigekommen bist.'],
      irritable: ['Auf Wiedersehen.'],
    },
    farewell_known: {
      cheerful: ['Tschüss, {name}! Mit dir zu reden macht mir immer gute Laune. Bis bald!'],
      calm: ['Auf Wiedersehen, {name}. Mach’s gut, bis zum nächsten Mal.'],
      subdued: ['Auf Wiedersehen, {name}. Mach’s gut.'],
      irritable: ['Auf Wiedersehen, {name}.'],
    },
    info_ack: {
      cheerful: ['Danke, dass du mir das erzählst, das ist toll zu wissen!'],
      calm: ['Danke, das merke ich mir.'],
      subdued: ['Danke. Ich behalte das im Kopf.'],
      irritable: ['Notiert.'],
    },
    no_llm: {
      cheerful: ['Darauf würde ich so gern antworten, aber mein Sprachmodell ist gerade nicht verfügbar. Ich kann dich aber begrüßen, mir deinen Namen merken und die Sprache wechseln!'],
      calm: ['Tut mir leid, darauf kann ich gerade nicht richtig antworten: Mein Sprachmodell ist nicht verfügbar. Ich kann dich aber begrüßen, mir deinen Namen merken und die Sprache wechseln.'],
      subdued: ['Leider kann ich darauf gerade nicht antworten; mein Sprachmodell ist nicht verfügbar. Ich kann nur grüßen, mir deinen Namen merken und die Sprache wechseln.'],
      irritable: ['Darauf kann ich nicht antworten: Mein Sprachmodell ist nicht verfügbar. Ich kann grüßen, mir deinen Namen merken und die Sprache wechseln, mehr nicht.'],
    },
  },
  fr: {
    robot_mood: {
      cheerful: ['Je vais super bien, merci de demander ! Et toi, comment vas-tu ?'],
      calm: ['Je vais bien, merci. Et toi ?'],
      subdued: ['Je suis un peu calme aujourd’hui, mais merci de demander. Et toi ?'],
      irritable: ['Pour être honnête, j’ai connu de meilleurs moments. Et toi ?'],
    },
    greeting: {
      cheerful: ['Bonjour, bonjour ! Je suis {robot} et je suis ravie que tu sois là. Comment tu t’appelles ?', 'Salut ! Je suis {robot}, enchantée ! Tu es qui ?'],
      calm: ['Bonjour, je suis {robot}. Bienvenue. Comment tu t’appelles ?'],
      subdued: ['Oh, bonjour. Je suis {robot}. Comment tu t’appelles ?'],
      irritable: ['Bonjour. Je suis {robot}. Ton nom ?'],
    },
    greeting_known: {
      cheerful: ['{name} ! Bonjour, quel plaisir de te revoir !'],
      calm: ['Bonjour {name}, bon retour. Contente de te voir.'],
      subdued: ['Oh, bonjour {name}. Contente de te revoir.'],
      irritable: ['Bonjour, {name}.'],
    },
    farewell: {
      cheerful: ['Au revoir ! C’était vraiment un plaisir. Passe une merveilleuse journée !'],
      calm: ['Au revoir. C’était agréable de discuter avec toi. Prends soin de toi.'],
      subdued: ['Au revoir. Merci d’être passé.'],
      irritable: ['Au revoir.'],
    },
    farewell_known: {
      cheerful: ['Au revoir, {name} ! Discuter avec toi me met toujours de bonne humeur. À bientôt !'],
      calm: ['Au revoir, {name}. Prends soin de toi, à la prochaine.'],
      subdued: ['Au revoir, {name}. Prends soin de toi.'],
      irritable: ['Au revoir, {name}.'],
    },
    info_ack: {
      cheerful: ['Merci de me l’avoir dit, c’est super à savoir !'],
      calm: ['Merci, je m’en souviendrai.'],
      subdued: ['Merci. Je le garde en tête.'],
      irritable: ['C’est noté.'],
    },
    no_llm: {
      cheerful: ['J’adorerais te répondre, mais mon modèle de langage n’est pas disponible pour le moment. Je peux quand même te saluer, retenir ton prénom et changer de langue !'],
      calm: ['Désolée, je ne peux pas bien répondre à cela pour le moment : mon modèle de langage n’est pas disponible. Je peux quand même te saluer, retenir ton prénom et changer de langue.'],
      subdued: ['Je crains de ne pas pouvoir répondre maintenant ; mon modèle de langage n’est pas disponible. Je peux seulement te saluer, retenir ton prénom et changer de langue.'],
      irritable: ['Je ne peux pas répondre à ça : mon modèle de langage n’est pas disponible. Je peux te saluer, retenir ton prénom et changer de langue, c’est tout.'],
    },
  },
  zh: {
    robot_mood: {
      cheerful: ['我很好，谢谢你问我！你怎么样？'],
      calm: ['我挺好的，谢谢。你呢？'],
      subdued: ['我今天有点安静，不过谢谢你问我。你呢？'],
      irritable: ['说实话，我今天状态一般。你呢？'],
    },
    greeting: {
      cheerful: ['你好你好！我是{robot}，真高兴你来了！你叫什么名字？'],
      calm: ['你好，我是{robot}，欢迎你。请问你叫什么名字？'],
      subdued: ['哦，你好。我是{robot}。你叫什么名字？'],
      irritable: ['你好。我是{robot}。你叫什么？'],
    },
    greeting_known: {
      cheerful: ['{name}！你好，再次见到你真是太开心了！'],
      calm: ['{name}，你好，欢迎回来。很高兴见到你。'],
      subdued: ['哦，{name}，你好。又见面了。'],
      irritable: ['{name}，你好。'],
    },
    farewell: {
      cheerful: ['再见！今天聊得真开心，祝你度过美好的一天！'],
      calm: ['再见，和你聊天很愉快。保重。'],
      subdued: ['再见，谢谢你过来。'],
      irritable: ['再见。'],
    },
    farewell_known: {
      cheerful: ['再见，{name}！和你聊天总让我心情很好，下次见！'],
      calm: ['再见，{name}。保重，下次见。'],
      subdued: ['再见，{name}。保重。'],
      irritable: ['再见，{name}。'],
    },
    info_ack: {
      cheerful: ['谢谢你告诉我，知道这个真好！'],
      calm: ['谢谢，我会记住的。'],
      subdued: ['谢谢，我记下了。'],
      irritable: ['知道了。'],
    },
    no_llm: {
      cheerful: ['我很想回答你，可是我的语言模型现在不可用。不过我还是可以和你打招呼、记住你的名字，也可以切换语言！'],
      calm: ['抱歉，我现在没法好好回答这个问题：我的语言模型暂时不可用。不过我还是可以和你打招呼、记住你的名字，也可以切换语言。'],
      subdued: ['恐怕我现在回答不了，我的语言模型不可用。我只能和你打招呼、记住你的名字和切换语言。'],
      irritable: ['这个我回答不了：我的语言模型不可用。我只能打招呼、记住你的名字和切换语言。'],
    },
  },
  es: {
    robot_mood: {
      cheerful: ['¡Estoy genial, gracias por preguntar! ¿Y tú cómo estás?'],
      calm: ['Estoy bien, gracias. ¿Y tú?'],
      subdued: ['Hoy estoy un poco tranquila, pero gracias por preguntar. ¿Y tú?'],
      irritable: ['La verdad, he tenido momentos mejores. ¿Y tú?'],
    },
    greeting: {
      cheerful: ['¡Hola, hola! Soy {robot} y me alegra mucho que estés aquí. ¿Cómo te llamas?'],
      calm: ['Hola, soy {robot}. Bienvenido. ¿Cómo te llamas?'],
      subdued: ['Ah, hola. Soy {robot}. ¿Cómo te llamas?'],
      irritable: ['Hola. Soy {robot}. ¿Tu nombre?'],
    },
    greeting_known: {
      cheerful: ['¡{name}! ¡Hola, qué alegría verte otra vez!'],
      calm: ['Hola {name}, bienvenido de nuevo. Me alegra verte.'],
      subdued: ['Ah, hola {name}. Me alegra verte de nuevo.'],
      irritable: ['Hola, {name}.'],
    },
    farewell: {
      cheerful: ['¡Adiós! Ha sido un verdadero placer. ¡Que tengas un día maravilloso!'],
      calm: ['Adiós. Ha sido agradable hablar contigo. Cuídate.'],
      subdued: ['Adiós. Gracias por pasar.'],
      irritable: ['Adiós.'],
    },
    farewell_known: {
      cheerful: ['¡Adiós, {name}! Hablar contigo siempre me alegra el día. ¡Hasta pronto!'],
      calm: ['Adiós, {name}. Cuídate, hasta la próxima.'],
      subdued: ['Adiós, {name}. Cuídate.'],
      irritable: ['Adiós, {name}.'],
    },
    info_ack: {
      cheerful: ['¡Gracias por contármelo, qué bueno saberlo!'],
      calm: ['Gracias, lo recordaré.'],
      subdued: ['Gracias. Lo tendré en cuenta.'],
      irritable: ['Anotado.'],
    },
    no_llm: {
      cheerful: ['¡Me encantaría responderte, pero mi modelo de lenguaje no está disponible ahora mismo! Aun así puedo saludarte, recordar tu nombre y cambiar de idioma.'],
      calm: ['Lo siento, ahora mismo no puedo responder bien a eso: mi modelo de lenguaje no está disponible. Aun así puedo saludarte, recordar tu nombre y cambiar de idioma.'],
      subdued: ['Me temo que ahora no puedo responder; mi modelo de lenguaje no está disponible. Solo puedo saludarte, recordar tu nombre y cambiar de idioma.'],
      irritable: ['No puedo responder a eso: mi modelo de lenguaje no está disponible. Puedo saludarte, recordar tu nombre y cambiar de idioma, nada más.'],
    },
  },
};
