/** Development sentences for the language identifier: tuned on. The held-out ones are in sentences-heldout.ts. */
export const DEV: Record<'en' | 'de' | 'fr' | 'es' | 'zh', string[]> = {
  en: [
    'Hello, my name is Jonas.', "Hi, I'm Marco.", 'Can you tell me about yourself?', 'What time is it?', 'Where can I find a coffee?',
    "I'm picking up a parcel for my sister.", 'Okay, bye then!', 'Nice to meet you.', 'I work at Siemens as an engineer.',
    'Could we switch to German?', 'What do you know about me?', 'Do you remember what I told you last time?', 'Thank you so much.',
    'I live in Berlin and I like hiking.', 'How are you today?', 'Is there a meeting room free?', 'I have an appointment with Dr. Weber.',
    'Sorry, that was rude of me.', 'Tell me a joke.', 'What can you do for me?', 'Where is the toilet?', 'I am looking for the exit.',
    "That's interesting, tell me more.", 'Good morning, Nadine!', 'Who built you?', "I'm here for the interview.",
  ],
  de: [
    'Guten Tag, ich heiße Jonas.', 'Hallo, ich bin Anna.', 'Wo ist die Toilette?', 'Wie spät ist es?', 'Ich arbeite bei Siemens als Ingenieurin.',
    'Kannst du mir helfen?', 'Ich habe einen Termin mit Frau Müller.', 'Danke schön, bis bald!', 'Was kannst du alles?', 'Mein Name ist Lukas.',
    'Ich wohne in München und wandere gerne.', 'Wie geht es dir heute?', 'Gibt es hier einen Kaffee?', 'Erinnerst du dich an mich?',
    'Ich suche den Ausgang.', 'Das ist sehr interessant.', 'Entschuldigung, wo finde ich den Aufzug?', 'Wer hat dich gebaut?',
    'Ich bin wegen des Vorstellungsgesprächs hier.', 'Guten Morgen!', 'Sprichst du auch Englisch?', 'Das war nicht nett von mir.',
    'Ich hole ein Paket für meine Schwester ab.', 'Tschüss, bis zum nächsten Mal!', 'Erzähl mir einen Witz.', 'Freut mich, dich kennenzulernen.',
  ],
  fr: [
    "Bonjour, je m'appelle Luc.", 'Salut, moi c’est Marie.', 'Où sont les toilettes ?', 'Quelle heure est-il ?', 'Je travaille chez Airbus comme ingénieure.',
    "Tu peux m'aider ?", "J'ai rendez-vous avec Madame Martin.", 'Merci beaucoup, à bientôt !', "Qu'est-ce que tu sais faire ?", 'Mon nom est Dupont.',
    "J'habite à Lyon et j'aime la randonnée.", 'Comment ça va aujourd’hui ?', 'Il y a du café ici ?', 'Tu te souviens de moi ?',
    'Je cherche la sortie.', "C'est très intéressant.", "Excusez-moi, où est l'ascenseur ?", 'Qui t’a construit ?', "Je suis là pour l'entretien.",
    'Bonsoir !', 'Tu parles anglais aussi ?', "C'était pas gentil de ma part.", 'Je viens chercher un colis pour ma sœur.', 'Au revoir, à la prochaine !',
    'Raconte-moi une blague.', 'Enchanté de faire ta connaissance.',
  ],
  es: [
    'Hola, me llamo Marianna.', 'Buenos días, soy Carlos.', '¿Dónde está el baño?', '¿Qué hora es?', 'Trabajo en Telefónica como ingeniera.',
    '¿Me puedes ayudar?', 'Tengo una cita con la señora García.', 'Muchas gracias, ¡hasta luego!', '¿Qué sabes hacer?', 'Mi nombre es Lucía.',
    'Vivo en Madrid y me gusta caminar.', '¿Cómo estás hoy?', '¿Hay café aquí?', '¿Te acuerdas de mí?', 'Busco la salida.', 'Eso es muy interesante.',
    'Perdón, ¿dónde está el ascensor?', '¿Quién te construyó?', 'Vengo por la entrevista.', 'Buenas tardes.', '¿Hablas inglés también?',
    'Eso no fue amable de mi parte.', 'Vengo a recoger un paquete para mi hermana.', 'Adiós, ¡nos vemos la próxima vez!', 'Cuéntame un chiste.',
    'Mucho gusto en conocerte.',
  ],
  zh: ['你好，我叫李明。', '洗手间在哪里？', '现在几点了？', '我在华为工作。', '你能帮我吗？', '谢谢，再见！', '我叫Jonas。', '你会说英语吗？'],
};

/** Short or ambiguous: the visit's language stays whatever it is. */
export const KEEP_DEV = ['OK', 'Okay.', 'Jonas', 'Marco.', 'Danke', 'Merci', 'Gracias', 'Hmm', 'Uh-huh.', 'Ja', 'No', 'Sí', 'Alex Smith', 'Super!', 'Taxi', 'Pardon?'];
