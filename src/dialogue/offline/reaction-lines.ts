import type { Reaction } from '../../affect/index.js';
import type { Language } from '../../config/index.js';

/** Spoken reactions to what the robot felt (see reactionTo), the same in every mood. */
export const REACTION_LINES: Record<Language, Record<Reaction, readonly string[]>> = {
  en: {
    compliment: ["Thank you, that's very kind of you!", 'Oh, thank you! That really made my day.'],
    thanks: ["You're very welcome!", 'My pleasure, happy to help.'],
    apology: ["No harm done, don't worry about it.", "That's all right, apology accepted. Let's start over."],
    insult: ["That hurts a little. I'm doing my best to help you, so let's be kind to each other.", "I'm sorry you feel that way. I'd like to help, if you'll let me."],
    sympathy: ["I'm so sorry to hear that. That must be really hard for you.", "Oh no, I'm very sorry. I'm here if you want to talk about it."],
    good_news: ["That's wonderful news, congratulations!", "How great, I'm really happy for you!"],
  },
  de: {
    compliment: ['Danke, das ist sehr lieb von dir!', 'Oh, danke! Das freut mich wirklich.'],
    thanks: ['Gern geschehen!', 'Sehr gern, ich helfe gern.'],
    apology: ['Schon gut, nichts passiert.', 'Alles in Ordnung, Entschuldigung angenommen. Fangen wir neu an.'],
    insult: ['Das tut ein bisschen weh. Ich gebe mir Mühe, dir zu helfen, also lass uns freundlich miteinander sein.', 'Schade, dass du das so siehst. Ich würde dir gern helfen, wenn du mich lässt.'],
    sympathy: ['Das tut mir sehr leid. Das muss wirklich schwer für dich sein.', 'Oh nein, das tut mir so leid. Ich bin da, wenn du darüber reden möchtest.'],
    good_news: ['Das sind wunderbare Neuigkeiten, herzlichen Glückwunsch!', 'Wie schön, ich freue mich wirklich für dich!'],
  },
  fr: {
    compliment: ['Merci, c’est très gentil de ta part !', 'Oh, merci ! Ça me fait vraiment plaisir.'],
    thanks: ['Avec plaisir !', 'Je t’en prie, ravie d’aider.'],
    apology: ['Ce n’est rien, ne t’en fais pas.', 'Pas de souci, excuses acceptées. On repart de zéro.'],
    insult: ['Ça me blesse un peu. Je fais de mon mieux pour t’aider, alors restons aimables l’un envers l’autre.', 'Dommage que tu voies les choses ainsi. J’aimerais t’aider, si tu me laisses faire.'],
    sympathy: ['Je suis vraiment désolée d’apprendre ça. Ça doit être très dur pour toi.', 'Oh non, je suis tellement désolée. Je suis là si tu veux en parler.'],
    good_news: ['C’est une merveilleuse nouvelle, félicitations !', 'Génial, je suis vraiment contente pour toi !'],
  },
  zh: {
    compliment: ['谢谢你，你真好！', '哇，谢谢！听你这么说我真开心。'],
    thanks: ['不客气！', '不用谢，很乐意帮忙。'],
    apology: ['没关系，别放在心上。', '没事的，我接受你的道歉。我们重新开始吧。'],
    insult: ['这话让我有点难过。我一直在努力帮你，我们友好一点好吗？', '很遗憾你这么想。如果你愿意，我还是很想帮你。'],
    sympathy: ['听到这个消息我很难过，这对你来说一定很不容易。', '哦，真的很抱歉。如果你想聊聊，我一直都在。'],
    good_news: ['真是好消息，恭喜你！', '太好了，我真为你高兴！'],
  },
  es: {
    compliment: ['¡Gracias, qué amable eres!', '¡Oh, gracias! Me alegra mucho oír eso.'],
    thanks: ['¡De nada!', 'Con mucho gusto, encantada de ayudar.'],
    apology: ['No pasa nada, no te preocupes.', 'Está bien, disculpas aceptadas. Empecemos de nuevo.'],
    insult: ['Eso me duele un poco. Hago lo posible por ayudarte, así que seamos amables el uno con el otro.', 'Siento que lo veas así. Me gustaría ayudarte, si me dejas.'],
    sympathy: ['Lo siento mucho. Debe de ser muy duro para ti.', 'Oh, no, lo siento muchísimo. Estoy aquí si quieres hablar de ello.'],
    good_news: ['¡Qué noticia tan maravillosa, enhorabuena!', '¡Qué bien, me alegro mucho por ti!'],
  },
};
