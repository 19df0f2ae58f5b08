import type { Language } from '../config/index.js';
import type { StaffWait } from './schema.js';

/**
 * What the robot says while a person is on the way: it never carries on with small talk then.
 * Fixed lines, spoken at once, in the visitor's language (no model call before them).
 */
const LINES: Record<Language, { getting: Record<StaffWait['kind'], string>; waiting: string; coming: string }> = {
  en: {
    getting: { emergency: "I'm getting help right now: I've alerted the staff. I'll stay right here with you.", help_requested: "Of course. I'm getting a person for you now, and I'll stay with you until they're here." },
    waiting: "I've called for a person and they know you're here. I'm staying with you until they arrive.",
    coming: 'Someone from the staff is on their way to you now. I will stay with you until they are here.',
  },
  de: {
    getting: { emergency: 'Ich hole sofort Hilfe: Ich habe das Personal alarmiert. Ich bleibe hier bei Ihnen.', help_requested: 'Natürlich. Ich hole jetzt jemanden für Sie und bleibe bei Ihnen, bis die Person da ist.' },
    waiting: 'Ich habe jemanden gerufen, man weiß, dass Sie hier sind. Ich bleibe bei Ihnen, bis jemand kommt.',
    coming: 'Jemand vom Personal ist jetzt auf dem Weg zu Ihnen. Ich bleibe bei Ihnen, bis die Person da ist.',
  },
  fr: {
    getting: { emergency: "Je vais chercher de l'aide tout de suite : j'ai alerté le personnel. Je reste ici avec vous.", help_requested: "Bien sûr. Je fais venir quelqu'un pour vous, et je reste avec vous jusqu'à son arrivée." },
    waiting: "J'ai appelé quelqu'un, on sait que vous êtes là. Je reste avec vous jusqu'à son arrivée.",
    coming: "Quelqu'un du personnel arrive vers vous. Je reste avec vous jusqu'à son arrivée.",
  },
  es: {
    getting: { emergency: 'Estoy pidiendo ayuda ahora mismo: he avisado al personal. Me quedo aquí con usted.', help_requested: 'Por supuesto. Voy a buscar a una persona para usted y me quedo a su lado hasta que llegue.' },
    waiting: 'Ya he llamado a una persona y saben que está aquí. Me quedo con usted hasta que llegue.',
    coming: 'Alguien del personal ya viene hacia usted. Me quedo con usted hasta que llegue.',
  },
  zh: {
    getting: { emergency: '我马上叫人帮忙：我已经通知了工作人员。我会一直陪着您。', help_requested: '好的，我这就为您找一位工作人员，在他们到来之前我会一直陪着您。' },
    waiting: '我已经叫了工作人员，他们知道您在这里。在他们到来之前我会一直陪着您。',
    coming: '工作人员正在赶来。在他们到来之前我会一直陪着您。',
  },
};

/** The reply while the robot waits with the visitor for a person. */
export function staffLine(wait: StaffWait, language: Language): string {
  const lines = LINES[language];
  if (wait.fresh) return lines.getting[wait.kind];
  return wait.acknowledged ? lines.coming : lines.waiting;
}

/** Said unasked when staff acknowledge the alert. */
export function staffComingLine(language: Language): string {
  return LINES[language].coming;
}
