import type { Language } from '../../config/index.js';

/**
 * Answers without a language model to questions about the person asking (from their profile and
 * their own memories) and about the robot (from the persona). Placeholders: {name} the person's
 * name, {company} {position} {location} {things} their profile facts, {said} what they said last
 * time word for word, {summary} the last visit's summary, {robot} the persona's name,
 * {supported} the languages the robot speaks.
 */
export type AboutLineKey =
  | 'me_unknown'
  | 'me_name'
  | 'me_name_unknown'
  | 'me_remember'
  | 'me_work_both'
  | 'me_work_company'
  | 'me_work_position'
  | 'me_work_none'
  | 'me_live'
  | 'me_live_none'
  | 'me_hobbies'
  | 'me_hobbies_none'
  | 'me_last_summary'
  | 'me_last_none'
  | 'robot_name'
  | 'robot_what'
  | 'robot_creator'
  | 'robot_abilities'
  | 'robot_feelings'
  // "How are you?": how the robot's mood is (toned, see affect-lines.ts), and the question back.
  | 'robot_mood';

export const ABOUT_LINES: Record<Language, Record<AboutLineKey, readonly string[]>> = {
  en: {
    me_unknown: ["I don't think we've met yet, so I don't know that. What's your name?"],
    me_name: ['Your name is {name}.', "You're {name}, of course!"],
    me_name_unknown: ["I don't know your name yet. What is it?"],
    me_remember: ['Of course I remember you, {name}!', 'Yes, {name}, I remember you!'],
    me_work_both: ['You told me you work at {company} as {position}.'],
    me_work_company: ['You told me you work at {company}.'],
    me_work_position: ['You told me you work as {position}.'],
    me_work_none: ["You haven't told me where you work yet, {name}."],
    me_live: ['You told me you live in {location}.'],
    me_live_none: ["You haven't told me where you live yet, {name}."],
    me_hobbies: ['You told me you like {things}.'],
    me_hobbies_none: ["You haven't told me about your hobbies yet, {name}."],
    me_last_summary: ['From our last conversation I noted: {summary}'],
    me_last_none: ["I don't remember an earlier conversation with you yet, {name}."],
    robot_name: ["My name is {robot}.", "I'm {robot}."],
    robot_what: ["I'm {robot}, a social robot. I greet visitors, remember the people I meet and answer questions about myself and this place."],
    robot_creator: ["I'm an open-source project: the people who look after me here set me up, and they can tell you more about me."],
    robot_abilities: ['I greet people and remember them, I speak {supported}, I can look through my camera, and I answer questions about myself and this place.'],
    robot_feelings: ['I have simple emotions and moods: kind words make me happier, rudeness upsets me a little, and sad news makes me feel sorry.'],
    robot_mood: ["I'm doing well, thank you! How are you?"],
  },
  de: {
    me_unknown: ['Ich glaube, wir kennen uns noch nicht, deshalb weiß ich das nicht. Wie heißt du?'],
    me_name: ['Du heißt {name}.', 'Du bist {name}, natürlich!'],
    me_name_unknown: ['Deinen Namen kenne ich noch nicht. Wie heißt du?'],
    me_remember: ['Natürlich erinnere ich mich an dich, {name}!', 'Ja, {name}, ich erinnere mich an dich!'],
    me_work_both: ['Du hast mir erzählt, dass du bei {company} als {position} arbeitest.'],
    me_work_company: ['Du hast mir erzählt, dass du bei {company} arbeitest.'],
    me_work_position: ['Du hast mir erzählt, dass du als {position} arbeitest.'],
    me_work_none: ['Du hast mir noch nicht erzählt, wo du arbeitest, {name}.'],
    me_live: ['Du hast mir erzählt, dass du in {location} wohnst.'],
    me_live_none: ['Du hast mir noch nicht erzählt, wo du wohnst, {name}.'],
    me_hobbies: ['Du hast mir erzählt, dass du {things} magst.'],
    me_hobbies_none: ['Von deinen Hobbys hast du mir noch nichts erzählt, {name}.'],
    me_last_summary: ['Von unserem letzten Gespräch habe ich mir notiert: {summary}'],
    me_last_none: ['An ein früheres Gespräch mit dir erinnere ich mich noch nicht, {name}.'],
    robot_name: ['Ich heiße {robot}.', 'Ich bin {robot}.'],
    robot_what: ['Ich bin {robot}, ein sozialer Roboter. Ich begrüße Besucher, merke mir die Menschen, die ich treffe, und beantworte Fragen über mich und diesen Ort.'],
    robot_creator: ['Ich bin ein Open-Source-Projekt: Die Menschen, die sich hier um mich kümmern, haben mich eingerichtet und können dir mehr über mich erzählen.'],
    robot_abilities: ['Ich begrüße Menschen und merke sie mir, ich spreche {supported}, ich kann durch meine Kamera schauen und beantworte Fragen über mich und diesen Ort.'],
    robot_feelings: ['Ich habe einfache Gefühle und Stimmungen: Freundliche Worte machen mich fröhlicher, Unhöflichkeit kränkt mich ein wenig, und traurige Nachrichten tun mir leid.'],
    robot_mood: ['Mir geht es gut, danke! Und dir?'],
  },
  fr: {
    me_unknown: ['Je crois qu’on ne se connaît pas encore, alors je ne le sais pas. Comment tu t’appelles ?'],
    me_name: ['Tu t’appelles {name}.', 'Tu es {name}, bien sûr !'],
    me_name_unknown: ['Je ne connais pas encore ton prénom. Comment tu t’appelles ?'],
    me_remember: ['Bien sûr que je me souviens de toi, {name} !', 'Oui, {name}, je me souviens de toi !'],
    me_work_both: ['Tu m’as dit que tu travailles chez {company} comme {position}.'],
    me_work_company: ['Tu m’as dit que tu travailles chez {company}.'],
    me_work_position: ['Tu m’as dit que tu travailles comme {position}.'],
    me_work_none: ['Tu ne m’as pas encore dit où tu travailles, {name}.'],
    me_live: ['Tu m’as dit que tu habites à {location}.'],
    me_live_none: ['Tu ne m’as pas encore dit où tu habites, {name}.'],
    me_hobbies: ['Tu m’as dit que tu aimes {things}.'],
    me_hobbies_none: ['Tu ne m’as pas encore parlé de tes loisirs, {name}.'],
    me_last_summary: ['De notre dernière conversation, j’ai noté : {summary}'],
    me_last_none: ['Je ne me souviens pas encore d’une conversation précédente avec toi, {name}.'],
    robot_name: ['Je m’appelle {robot}.', 'Je suis {robot}.'],
    robot_what: ['Je suis {robot}, une robote sociale. J’accueille les visiteurs, je me souviens des personnes que je rencontre et je réponds aux questions sur moi et sur cet endroit.'],
    robot_creator: ['Je suis un projet open source : les personnes qui s’occupent de moi ici m’ont installée, et elles peuvent t’en dire plus sur moi.'],
    robot_abilities: ['J’accueille les gens et je me souviens d’eux, je parle {supported}, je peux regarder avec ma caméra et je réponds aux questions sur moi et sur cet endroit.'],
    robot_feelings: ['J’ai des émotions et des humeurs simples : les mots gentils me rendent plus joyeuse, l’impolitesse me blesse un peu, et les tristes nouvelles me peinent.'],
    robot_mood: ['Ça va bien, merci ! Et toi ?'],
  },
  es: {
    me_unknown: ['Creo que aún no nos conocemos, así que no lo sé. ¿Cómo te llamas?'],
    me_name: ['Te llamas {name}.', '¡Eres {name}, claro!'],
    me_name_unknown: ['Todavía no sé tu nombre. ¿Cómo te llamas?'],
    me_remember: ['¡Claro que me acuerdo de ti, {name}!', '¡Sí, {name}, me acuerdo de ti!'],
    me_work_both: ['Me contaste que trabajas en {company} como {position}.'],
    me_work_company: ['Me contaste que trabajas en {company}.'],
    me_work_position: ['Me contaste que trabajas como {position}.'],
    me_work_none: ['Todavía no me has contado dónde trabajas, {name}.'],
    me_live: ['Me contaste que vives en {location}.'],
    me_live_none: ['Todavía no me has contado dónde vives, {name}.'],
    me_hobbies: ['Me contaste que te gusta {things}.'],
    me_hobbies_none: ['Todavía no me has hablado de tus aficiones, {name}.'],
    me_last_summary: ['De nuestra última conversación anoté: {summary}'],
    me_last_none: ['Todavía no recuerdo ninguna conversación anterior contigo, {name}.'],
    robot_name: ['Me llamo {robot}.', 'Soy {robot}.'],
    robot_what: ['Soy {robot}, una robot social. Recibo a los visitantes, recuerdo a las personas que conozco y respondo preguntas sobre mí y sobre este lugar.'],
    robot_creator: ['Soy un proyecto de código abierto: las personas que me cuidan aquí me pusieron en marcha y pueden contarte más sobre mí.'],
    robot_abilities: ['Saludo a la gente y la recuerdo, hablo {supported}, puedo mirar con mi cámara y respondo preguntas sobre mí y sobre este lugar.'],
    robot_feelings: ['Tengo emociones y estados de ánimo sencillos: las palabras amables me alegran, la mala educación me duele un poco y las noticias tristes me dan pena.'],
    robot_mood: ['Estoy bien, ¡gracias! ¿Y tú?'],
  },
  zh: {
    me_unknown: ['我们好像还不认识，所以我还不知道。你叫什么名字？'],
    me_name: ['你叫{name}。', '你是{name}呀！'],
    me_name_unknown: ['我还不知道你的名字。你叫什么？'],
    me_remember: ['当然记得你，{name}！', '记得，{name}，我记得你！'],
    me_work_both: ['你告诉过我，你在{company}做{position}。'],
    me_work_company: ['你告诉过我，你在{company}工作。'],
    me_work_position: ['你告诉过我，你的工作是{position}。'],
    me_work_none: ['{name}，你还没告诉过我你在哪里工作。'],
    me_live: ['你告诉过我，你住在{location}。'],
    me_live_none: ['{name}，你还没告诉过我你住在哪里。'],
    me_hobbies: ['你告诉过我，你喜欢{things}。'],
    me_hobbies_none: ['{name}，你还没跟我说过你的爱好。'],
    me_last_summary: ['上次聊天我记下了：{summary}'],
    me_last_none: ['{name}，我还不记得我们以前聊过什么。'],
    robot_name: ['我叫{robot}。', '我是{robot}。'],
    robot_what: ['我是{robot}，一个社交机器人。我接待访客，记住我认识的人，也回答关于我自己和这个地方的问题。'],
    robot_creator: ['我是一个开源项目：这里照顾我的人把我安装好了，他们可以告诉你更多关于我的事。'],
    robot_abilities: ['我会和大家打招呼并记住他们，我会说{supported}，我能通过摄像头看东西，也能回答关于我自己和这个地方的问题。'],
    robot_feelings: ['我有简单的情绪和心情：友善的话让我更开心，粗鲁的话会让我有点难过，听到伤心的消息我也会难过。'],
    robot_mood: ['我很好，谢谢！你呢？'],
  },
};
