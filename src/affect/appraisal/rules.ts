import type { Language } from '../../config/index.js';
import type { Cue } from './cues.js';

/**
 * Phrase rules per language: which words and phrases signal each cue. Patterns are matched
 * against lower-cased text; `words()` puts Unicode-aware word boundaries around them (JavaScript's
 * \b only knows ASCII, so "tschüss" or "à bientôt" would never end a word). Chinese has no
 * spaces: its patterns are plain. Greetings and farewells come from the intent classifier, which
 * knows them far better than a word list; the lists here are for what it does not classify.
 *
 * Compliments and insults are written as "you are <adjective>" with only intensifiers allowed in
 * between, so "you're not stupid" does not match; standalone insults are checked for a negation
 * just before them (see NEGATORS).
 */
export interface LanguageRules {
  cues: Partial<Record<Cue, RegExp[]>>;
  /** Words that strengthen what follows ("so", "sehr", "vraiment"). */
  intensifiers: RegExp;
  /** A negation within the few words before a match cancels it. */
  negators: RegExp;
}

const words = (...alternatives: string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
const plain = (...alternatives: string[]) => new RegExp(alternatives.join('|'), 'u');

/**
 * "<subject> <up to two words> <adjective>": how people say how they feel ("I'm feeling really
 * lonely", "ich bin heute sehr traurig"). The words between may be anything but a negation, and
 * no negation may come just before the subject ("no estoy triste").
 */
const feeling = (subject: string, adjectives: string, negation: string) =>
  words(`(?<!(?:${negation}) )${subject} (?:(?!(?:${negation})(?![\\p{L}]))\\p{L}+'?\\p{L}* ){0,2}(?:${adjectives})`);
/** The English "sorry" is said in German too; "not sorry" and "nicht sorry" are no apology. */
const SORRY = "(?<!not |n't |nicht )sorry";
const EN_NOT = "not|never|no|n't";
const DE_NOT = 'nicht|kein|keine|nie|gar nicht';
const FR_NOT = 'ne|pas|jamais|plus';
const ES_NOT = 'no|nunca|jamás|nada';

/**
 * Up to three words between "you are" and what the visitor calls the robot ("du bist ziemlich
 * dumm", "t'es vraiment trop nulle", "you're such a complete idiot"), none of them a negation:
 * intensifiers are an open class, and a list of them always misses one.
 */
const between = (negation: string) => `(?:(?!(?:${negation})(?![\\p{L}]))\\p{L}+'?\\p{L}* ){0,3}`;
const EN_FILL = between(EN_NOT);
const DE_FILL = between(DE_NOT);
const FR_FILL = between(FR_NOT);
const ES_FILL = between(ES_NOT);

export const RULES: Record<Language, LanguageRules> = {
  en: {
    cues: {
      thanks: [words('thanks', 'thank you', 'thank u', 'thx', 'many thanks', 'much appreciated', 'cheers', 'i (?:really )?appreciate (?:it|that|this|your help|you)')],
      apology: [
        words(SORRY, 'i apologi[sz]e', 'my apologies', 'apologies', 'i owe you an apology', 'my bad', 'forgive me', 'please forgive', 'pardon me'),
        words("i (?:didn't|did not) mean (?:it|that|to)", "i shouldn't have said", 'i should not have said', '(?:that|it) was (?:rude|mean|unkind|uncalled for|out of line) of me', 'i was (?:out of line|rude|mean)', 'i take (?:it|that) back'),
      ],
      compliment: [
        words(`(?:you(?:'re| are| r|'ve been| have been| were)|what an?) ${EN_FILL}(?:smart|clever|brilliant|great|amazing|awesome|wonderful|lovely|beautiful|pretty|cute|nice|kind|helpful|funny|sweet|fantastic|cool|charming|the best|a genius|a star|a good robot|(?:the )?nicest|(?:the )?best|adorable|excellent|impressive|perfect|patient|polite)`),
        words('(?:good|great|nice|excellent|fantastic) (?:job|work)', 'well done', "i(?:'m| am) impressed", 'i (?:really )?(?:like|love) (?:you|talking to you|your voice)', '(?:great|good|excellent|perfect|brilliant) answer'),
        words('you (?:look|sound) (?:great|nice|lovely|beautiful|amazing|good|wonderful)', 'what a (?:nice|lovely|great|smart|clever|wonderful|beautiful) (?:robot|voice|answer|idea)', 'you have (?:a|such a) (?:nice|lovely|beautiful|great) voice'),
      ],
      insult: [
        words(`you(?:'re| are| r) ${EN_FILL}(?:stupid|dumb|idiotic|an idiot|useless|worthless|pathetic|ugly|annoying|moronic|a moron|incompetent|rubbish|garbage|trash|terrible|awful|horrible|boring|a joke|lame|a waste of (?:time|money|space))`),
        words('shut up', 'screw you', 'fuck (?:you|off)', 'piss off', 'go to hell', 'you suck', 'i hate you', '(?:stupid|dumb|useless|worthless|pathetic) (?:robot|machine|thing|bot|piece of junk)', 'idiot', 'moron', 'bitch', 'bastard', 'loser'),
      ],
      threat: [words("i(?:'ll| will| am going to|'m going to|'m gonna) (?:kill|destroy|break|hurt|smash|unplug|switch off) you", "there(?:'s| is) a fire", 'call (?:the police|an ambulance|911)')],
      sad_news: [
        words('died', 'passed away', 'passed on', 'funeral', 'cancer', 'bad news', 'divorce', 'broke up', 'got (?:fired|laid off|dumped)'),
        words('lost my (?:job|wife|husband|mother|father|mum|mom|dad|dog|cat|friend|son|daughter|brother|sister)', '(?:is|am|was) (?:very |really |seriously |quite )?(?:sick|ill|in (?:the )?hospital)'),
        feeling("i(?:'m| am| feel| felt| was|'ve been| have been)", 'sad|depressed|lonely|unhappy|upset|heartbroken|miserable|down', EN_NOT),
      ],
      good_news: [
        words('got (?:the|a|my|a new) (?:job|promotion|raise)', 'got promoted', 'good news', 'graduated', 'new job', "(?:it's|it is) my birthday"),
        words("(?:i(?:'m| am)|we(?:'re| are)|got) (?:engaged|married|pregnant)", 'passed (?:my|the) (?:\\w+ )?(?:exam|test)', 'had a baby', 'won (?:the|a)'),
        words("(?:we(?:'re| are)|i(?:'m| am)) getting (?:married|engaged)"),
        feeling("i(?:'m| am| feel)", 'happy|excited|thrilled|delighted|over the moon', EN_NOT),
      ],
    },
    intensifiers: words('so', 'very', 'really', 'truly', 'absolutely', 'totally', 'extremely', 'such', 'incredibly', 'seriously'),
    negators: new RegExp(`${words('not', 'never', 'no', 'nobody', 'hardly').source}|n't(?![\\p{L}])`, 'u'),
  },
  de: {
    cues: {
      thanks: [words('danke', 'vielen dank', 'dankeschön', 'danke schön', 'herzlichen dank', 'ich danke (?:dir|ihnen|euch)')],
      apology: [
        words('entschuldigung', 'entschuldige', 'entschuldigen sie', 'ich entschuldige mich', 'mich (?:bei dir |bei ihnen )?entschuldigen', '(?:es )?tut mir (?:so |sehr |wirklich |echt )?leid', SORRY, 'verzeihung', 'verzeih(?:en sie)? mir', 'verzeih'),
        words('(?:war|ist) (?:nicht|nich) (?:so |böse )?gemeint', "(?:hab's|habe es|hab es|hab das|habe das) nicht (?:so |böse )?gemeint", '(?:das )?war (?:unhöflich|gemein|unfair|daneben) von mir', 'hätte ich nicht sagen sollen'),
      ],
      compliment: [
        words(`(?:du bist|sie sind|bist du|du warst|sie waren) ${DE_FILL}(?:klug|schlau|toll|super|großartig|wunderbar|nett|lieb|hübsch|schön|süß|witzig|lustig|hilfreich|genial|cool|klasse|spitze|intelligent|charmant|die beste|der beste|hilfsbereit|freundlich|geduldig|spitzenmäßig|fantastisch|wunderbar|bezaubernd)`),
        words('(?:gut|toll|super|prima|klasse|hervorragend) gemacht', '(?:hast du|das hast du) (?:\\p{L}+ )?(?:gut|toll|super|prima|klasse) gemacht', 'du hast eine (?:schöne|tolle|angenehme) stimme', 'ich mag dich', 'ich hab dich gern', 'du (?:siehst|klingst) (?:toll|gut|super|hübsch|schön) aus', 'du (?:siehst|klingst) (?:toll|gut|super|hübsch|schön)'),
      ],
      insult: [
        words(`(?:du bist|sie sind) ${DE_FILL}(?:dumm|blöd|doof|nutzlos|unnütz|hässlich|nervig|lästig|ein idiot|ein trottel|ein depp|ein vollidiot|schrott|peinlich|langweilig|unfähig)`),
        words('halt die klappe', "halt's maul", 'halts maul', 'verpiss dich', 'du nervst', 'ich hasse dich', '(?:blöder|dummer|doofer|nutzloser) (?:roboter|blechkasten|blechhaufen)', '(?:blöde|dumme|nutzlose) (?:maschine|blechbüchse)', 'nutzloser blechhaufen', 'blöde maschine', 'idiot', 'vollidiot', 'arschloch', 'trottel'),
      ],
      threat: [words('ich (?:mach|mache|werde) dich kaputt(?: machen)?', 'ich (?:zerstöre|töte) dich', 'es brennt')],
      sad_news: [
        words('gestorben', 'verstorben', 'ist tot', 'beerdigung', 'krebs', 'schlechte nachrichten', 'scheidung', 'gekündigt', 'entlassen', '(?:job|arbeit|stelle) verloren'),
        words('(?:ist|bin|liegt|lag|war) (?:schwer |sehr |seit \\p{L}+ )?(?:krank|im krankenhaus)', 'haben uns getrennt'),
        feeling('(?:ich bin|ich fühle mich|ich fühl mich|ich war)', 'traurig|einsam|deprimiert|unglücklich|niedergeschlagen', DE_NOT),
      ],
      good_news: [
        words('befördert', 'neuen job', 'neue stelle', 'geheiratet', 'verlobt', '(?:prüfung|examen) bestanden', 'gewonnen', 'gute nachrichten', 'baby bekommen', 'geburtstag'),
        feeling('(?:ich bin|ich fühle mich)', 'glücklich|froh|begeistert', DE_NOT),
        words('ich heirate'),
      ],
    },
    intensifiers: words('so', 'sehr', 'echt', 'wirklich', 'total', 'richtig', 'voll', 'extrem', 'unglaublich'),
    negators: words('nicht', 'kein', 'keine', 'keiner', 'nie', 'niemals'),
  },
  fr: {
    cues: {
      thanks: [words('merci', 'je te remercie', 'je vous remercie', 'merci beaucoup')],
      apology: [
        words('pardon', 'pardonne-moi', 'pardonnez-moi', 'désolée?', "je m'excuse", 'excuse-moi', 'excusez-moi', 'mes excuses', 'je te demande pardon', 'je vous demande pardon'),
        words("je (?:ne voulais pas|voulais pas)", "je n'aurais pas dû", "(?:c'était|c'est) (?:impoli|méchant|grossier) de ma part"),
      ],
      compliment: [
        words(`(?:tu es|t'es|vous êtes|tu as été|vous avez été) ${FR_FILL}(?:serviable|parfaite?|intelligente?|gentille?|belle|beau|mignonne?|drôle|géniale?|formidable|sympa|adorable|brillante?|incroyable|magnifique|marrante?|super|la meilleure|le meilleur)`),
        words('bravo', 'bien joué', 'bon travail', 'excellent travail', "je t'aime bien", "je t'adore", 'tu as une belle voix'),
      ],
      insult: [
        words(`(?:tu es|t'es|vous êtes) ${FR_FILL}(?:stupide|bête|idiote?|nulle?|inutile|moche|conne?|débile|ennuyeuse?|ennuyeux|pénible|crétine?|incompétente?)`),
        words('ta gueule', 'tais-toi', 'ferme-la', 'va te faire foutre', 'dégage', 'je te déteste', 'connard', 'connasse', 'imbécile', 'abruti', 'robot (?:stupide|débile|inutile)'),
      ],
      threat: [words('je vais te (?:casser|détruire|tuer|débrancher)', 'au feu', 'il y a (?:un incendie|le feu)')],
      sad_news: [
        words('est morte?', 'décédée?', 'enterrement', 'cancer', 'mauvaise nouvelle', 'divorce', 'licenciée?', 'virée?', 'perdu mon (?:travail|emploi|boulot)'),
        words('(?:est|suis) (?:très |gravement )?(?:malade|à l\'hôpital)', 'on a rompu', 'nous avons rompu'),
        feeling("(?:je suis|je me sens|j'étais|je me sentais)", 'triste|seule?|déprimée?|malheureuse?|malheureux', FR_NOT),
      ],
      good_news: [
        words('promue?', 'nouveau travail', 'nouvel emploi', 'mariée?', 'je me marie', 'fiancée?', "réussi (?:mon|l') ?examen", 'gagné', 'bonne nouvelle', 'anniversaire'),
        feeling('(?:je suis|je me sens)', 'heureuse?|heureux|contente?|ravie?', FR_NOT),
      ],
    },
    intensifiers: words('si', 'très', 'trop', 'vraiment', 'tellement', 'super', 'carrément', 'extrêmement'),
    negators: new RegExp(`${words('ne', 'pas', 'jamais', 'non', 'aucun', 'aucune').source}|(?<![\\p{L}])n'`, 'u'),
  },
  zh: {
    cues: {
      thanks: [plain('谢谢', '多谢', '感谢', '谢啦')],
      apology: [plain('对不起', '抱歉', '不好意思', '请(?:你)?原谅', '原谅我', '我错了', '是我不对', '我不该', '我不应该')],
      compliment: [
        plain('你(?:真|好|很|太|非常|特别|挺|超)?(?:聪明|漂亮|可爱|厉害|棒|好看|有趣|帅|美|善良|贴心|优秀)', '真棒', '太棒了', '干得好', '做得(?:很|真|非常)?(?:好|棒)', '声音(?:很|真|非常)?好听', '你真好', '了不起', '我喜欢你'),
      ],
      insult: [plain('笨蛋', '傻瓜', '白痴', '蠢', '混蛋', '废物', '闭嘴', '滚开', '给我滚', '讨厌你', '你(?:真|好|很|太)?(?:笨|傻|没用|烦人|讨厌|丑)')],
      threat: [plain('我要(?:杀了|毁了|砸了|拆了)你', '着火了', '失火了')],
      sad_news: [plain('去世', '过世', '死了', '生病', '住院', '难过', '伤心', '失业', '被解雇', '被开除', '分手', '离婚', '癌症', '葬礼', '坏消息', '孤独')],
      good_news: [plain('升职', '结婚', '订婚', '考上', '通过了?考试', '中奖', '好消息', '生日', '找到(?:了)?工作', '新工作', '生了(?:孩子|宝宝)')],
    },
    intensifiers: plain('真', '太', '非常', '特别', '超级', '十分'),
    negators: plain('不', '没', '别'),
  },
  es: {
    cues: {
      thanks: [words('gracias', 'muchas gracias', 'mil gracias', 'te lo agradezco', 'se lo agradezco', 'te agradezco')],
      apology: [
        words('perdón', 'perdona', 'perdóname', 'perdone', 'perdóneme', 'lo siento', 'disculpa', 'discúlpame', 'disculpe', 'discúlpeme', 'disculpas', 'me disculpo', 'te pido perdón'),
        words('no (?:quería|quise|lo dije en serio)', 'no debí (?:decir|hablarte)', 'fue (?:grosero|maleducado|feo) (?:por mi parte|de mi parte)'),
      ],
      compliment: [
        words(`(?:eres|es usted|has sido|ha sido usted) ${ES_FILL}(?:inteligente|lista|listo|guapa|guapo|bonita|bonito|amable|simpática|simpático|graciosa|gracioso|genial|increíble|maravillosa|maravilloso|encantadora|encantador|linda|lindo|la mejor|el mejor)`),
        words('buen trabajo', 'bien hecho', 'tienes una voz (?:muy )?(?:bonita|linda|agradable)', 'me caes (?:muy )?bien', 'te quiero', 'qué (?:lista|inteligente|simpática)'),
      ],
      insult: [
        words(`(?:eres|es usted) ${ES_FILL}(?:tonta|tonto|estúpida|estúpido|inútil|idiota|fea|feo|pesada|pesado|aburrida|aburrido|imbécil|un desastre)`),
        words('cállate', 'cierra la boca', 'vete a la mierda', 'te odio', 'idiota', 'imbécil', 'robot (?:tonto|estúpido|inútil)'),
      ],
      threat: [words('te voy a (?:matar|romper|destruir|desenchufar)', 'hay un incendio')],
      sad_news: [
        words('murió', 'ha muerto', 'falleció', 'ha fallecido', 'funeral', 'cáncer', 'malas noticias', 'divorcio', 'rompimos', 'me despidieron', 'perdí (?:mi|el) trabajo'),
        words('(?:está|estoy) (?:muy |gravemente )?(?:enferma|enfermo|en el hospital)'),
        feeling('(?:estoy|me siento|estaba|me sentía)', 'triste|sola|solo|deprimida|deprimido', ES_NOT),
      ],
      good_news: [
        words('me ascendieron', 'ascendida', 'ascendido', 'nuevo trabajo', 'me caso', 'me casé', 'nos casamos', 'comprometida', 'comprometido', 'aprobé', 'he aprobado', 'gané', 'he ganado', 'buenas noticias', 'cumpleaños'),
        feeling('(?:estoy|me siento)', 'feliz|contenta|contento|emocionada|emocionado', ES_NOT),
      ],
    },
    intensifiers: words('muy', 'tan', 'realmente', 'súper', 'super', 'tanto', 'muchísimo'),
    negators: words('no', 'nunca', 'ni', 'jamás'),
  },
};
