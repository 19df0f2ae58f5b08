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

const EN_FILL = "(?:(?:so|very|really|truly|such|a|an|the|pretty|quite|absolutely|incredibly|totally|completely|just|an absolute|a complete|seriously) )*";
const DE_FILL = '(?:(?:so|sehr|echt|wirklich|total|richtig|ja|aber|doch|ein|eine|einfach|völlig|voll|ganz) )*';
const FR_FILL = '(?:(?:si|très|trop|vraiment|super|tellement|complètement|carrément|un|une|vraiment) )*';
const ES_FILL = '(?:(?:muy|tan|realmente|súper|super|bien|un|una|completamente|totalmente) )*';

export const RULES: Record<Language, LanguageRules> = {
  en: {
    cues: {
      thanks: [words('thanks', 'thank you', 'thank u', 'thx', 'many thanks', 'much appreciated', 'i appreciate (?:it|that|your help|you)')],
      compliment: [
        words(`you(?:'re| are| r) ${EN_FILL}(?:smart|clever|brilliant|great|amazing|awesome|wonderful|lovely|beautiful|pretty|cute|nice|kind|helpful|funny|sweet|fantastic|cool|charming|the best|a genius|a star|a good robot)`),
        words('(?:good|great|nice|excellent|fantastic) (?:job|work)', 'well done', "i(?:'m| am) impressed", 'i (?:really )?(?:like|love) (?:you|talking to you|your voice)'),
        words('you (?:look|sound) (?:great|nice|lovely|beautiful|amazing|good|wonderful)', 'what a (?:nice|lovely|great|smart|clever|wonderful) (?:robot|voice|answer|idea)'),
      ],
      insult: [
        words(`you(?:'re| are| r) ${EN_FILL}(?:stupid|dumb|idiotic|an idiot|useless|worthless|pathetic|ugly|annoying|moronic|a moron|incompetent|rubbish|garbage|trash|terrible|awful|horrible|boring|a joke|lame|a waste of (?:time|money|space))`),
        words('shut up', 'screw you', 'fuck (?:you|off)', 'piss off', 'go to hell', 'you suck', 'i hate you', '(?:stupid|dumb|useless) (?:robot|machine|thing|bot)', 'idiot', 'moron', 'bitch', 'bastard', 'loser'),
      ],
      threat: [words("i(?:'ll| will| am going to|'m going to|'m gonna) (?:kill|destroy|break|hurt|smash|unplug|switch off) you", "there(?:'s| is) a fire", 'call (?:the police|an ambulance|911)')],
      sad_news: [
        words('died', 'passed away', 'passed on', 'funeral', 'cancer', 'bad news', 'divorce', 'broke up', 'got (?:fired|laid off|dumped)'),
        words('lost my (?:job|wife|husband|mother|father|mum|mom|dad|dog|cat|friend|son|daughter|brother|sister)', 'is (?:sick|ill|in (?:the )?hospital)'),
        words(`i(?:'m| am| feel) ${EN_FILL}(?:sad|depressed|lonely|unhappy|upset|heartbroken|miserable)`),
      ],
      good_news: [
        words('got (?:the|a|my|a new) (?:job|promotion|raise)', 'got promoted', 'good news', 'graduated', 'new job', "(?:it's|it is) my birthday"),
        words("(?:i(?:'m| am)|we(?:'re| are)|got) (?:engaged|married|pregnant)", 'passed (?:my|the) (?:\\w+ )?(?:exam|test)', 'had a baby', 'won (?:the|a)'),
        words(`i(?:'m| am| feel) ${EN_FILL}(?:happy|excited|thrilled|delighted)`),
      ],
    },
    intensifiers: words('so', 'very', 'really', 'truly', 'absolutely', 'totally', 'extremely', 'such', 'incredibly', 'seriously'),
    negators: new RegExp(`${words('not', 'never', 'no', 'nobody', 'hardly').source}|n't(?![\\p{L}])`, 'u'),
  },
  de: {
    cues: {
      thanks: [words('danke', 'vielen dank', 'dankeschön', 'danke schön', 'herzlichen dank', 'ich danke (?:dir|ihnen|euch)')],
      compliment: [
        words(`(?:du bist|sie sind|bist du) ${DE_FILL}(?:klug|schlau|toll|super|großartig|wunderbar|nett|lieb|hübsch|schön|süß|witzig|lustig|hilfreich|genial|cool|klasse|spitze|intelligent|charmant|die beste)`),
        words('(?:gut|toll|super|prima) gemacht', 'ich mag dich', 'ich hab dich gern', 'du (?:siehst|klingst) (?:toll|gut|super|hübsch|schön) aus', 'du (?:siehst|klingst) (?:toll|gut|super|hübsch|schön)'),
      ],
      insult: [
        words(`(?:du bist|sie sind) ${DE_FILL}(?:dumm|blöd|doof|nutzlos|unnütz|hässlich|nervig|lästig|ein idiot|ein trottel|ein depp|ein vollidiot|schrott|peinlich|langweilig|unfähig)`),
        words('halt die klappe', "halt's maul", 'halts maul', 'verpiss dich', 'du nervst', 'ich hasse dich', '(?:blöder|dummer|doofer|nutzloser) (?:roboter|blechkasten)', 'blöde maschine', 'idiot', 'vollidiot', 'arschloch', 'trottel'),
      ],
      threat: [words('ich (?:mach|mache|werde) dich kaputt(?: machen)?', 'ich (?:zerstöre|töte) dich', 'es brennt')],
      sad_news: [
        words('gestorben', 'verstorben', 'ist tot', 'beerdigung', 'krebs', 'schlechte nachrichten', 'scheidung', 'gekündigt', 'entlassen', '(?:job|arbeit|stelle) verloren'),
        words('(?:ist|bin) (?:krank|im krankenhaus)', `ich bin ${DE_FILL}(?:traurig|einsam|deprimiert|unglücklich)`, 'haben uns getrennt'),
      ],
      good_news: [
        words('befördert', 'neuen job', 'neue stelle', 'geheiratet', 'verlobt', '(?:prüfung|examen) bestanden', 'gewonnen', 'gute nachrichten', 'baby bekommen', 'geburtstag'),
        words(`ich bin ${DE_FILL}(?:glücklich|froh|begeistert)`, 'ich heirate'),
      ],
    },
    intensifiers: words('so', 'sehr', 'echt', 'wirklich', 'total', 'richtig', 'voll', 'extrem', 'unglaublich'),
    negators: words('nicht', 'kein', 'keine', 'keiner', 'nie', 'niemals'),
  },
  fr: {
    cues: {
      thanks: [words('merci', 'je te remercie', 'je vous remercie', 'merci beaucoup')],
      compliment: [
        words(`(?:tu es|t'es|vous êtes) ${FR_FILL}(?:intelligente?|gentille?|belle|beau|mignonne?|drôle|géniale?|formidable|sympa|adorable|brillante?|incroyable|magnifique|marrante?|super|la meilleure|le meilleur)`),
        words('bravo', 'bien joué', 'bon travail', 'excellent travail', "je t'aime bien", "je t'adore", 'tu as une belle voix'),
      ],
      insult: [
        words(`(?:tu es|t'es|vous êtes) ${FR_FILL}(?:stupide|bête|idiote?|nulle?|inutile|moche|conne?|débile|ennuyeuse?|ennuyeux|pénible|crétine?|incompétente?)`),
        words('ta gueule', 'tais-toi', 'ferme-la', 'va te faire foutre', 'dégage', 'je te déteste', 'connard', 'connasse', 'imbécile', 'abruti', 'robot (?:stupide|débile|inutile)'),
      ],
      threat: [words('je vais te (?:casser|détruire|tuer|débrancher)', 'au feu', 'il y a (?:un incendie|le feu)')],
      sad_news: [
        words('est morte?', 'décédée?', 'enterrement', 'cancer', 'mauvaise nouvelle', 'divorce', 'licenciée?', 'virée?', 'perdu mon (?:travail|emploi|boulot)'),
        words('(?:est|suis) (?:malade|à l\'hôpital)', `je suis ${FR_FILL}(?:triste|seule?|déprimée?|malheureuse?|malheureux)`, 'on a rompu', 'nous avons rompu'),
      ],
      good_news: [
        words('promue?', 'nouveau travail', 'nouvel emploi', 'mariée?', 'je me marie', 'fiancée?', "réussi (?:mon|l') ?examen", 'gagné', 'bonne nouvelle', 'anniversaire'),
        words(`je suis ${FR_FILL}(?:heureuse?|heureux|contente?|ravie?)`),
      ],
    },
    intensifiers: words('si', 'très', 'trop', 'vraiment', 'tellement', 'super', 'carrément', 'extrêmement'),
    negators: new RegExp(`${words('ne', 'pas', 'jamais', 'non', 'aucun', 'aucune').source}|(?<![\\p{L}])n'`, 'u'),
  },
  zh: {
    cues: {
      thanks: [plain('谢谢', '多谢', '感谢', '谢啦')],
      compliment: [
        plain('你(?:真|好|很|太|非常|特别|挺|超)?(?:聪明|漂亮|可爱|厉害|棒|好看|有趣|帅|美|善良|贴心|优秀)', '真棒', '太棒了', '干得好', '了不起', '我喜欢你'),
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
      compliment: [
        words(`(?:eres|es usted) ${ES_FILL}(?:inteligente|lista|listo|guapa|guapo|bonita|bonito|amable|simpática|simpático|graciosa|gracioso|genial|increíble|maravillosa|maravilloso|encantadora|encantador|linda|lindo|la mejor|el mejor)`),
        words('buen trabajo', 'bien hecho', 'me caes (?:muy )?bien', 'te quiero', 'qué (?:lista|inteligente|simpática)'),
      ],
      insult: [
        words(`(?:eres|es usted) ${ES_FILL}(?:tonta|tonto|estúpida|estúpido|inútil|idiota|fea|feo|pesada|pesado|aburrida|aburrido|imbécil|un desastre)`),
        words('cállate', 'cierra la boca', 'vete a la mierda', 'te odio', 'idiota', 'imbécil', 'robot (?:tonto|estúpido|inútil)'),
      ],
      threat: [words('te voy a (?:matar|romper|destruir|desenchufar)', 'hay un incendio')],
      sad_news: [
        words('murió', 'ha muerto', 'falleció', 'ha fallecido', 'funeral', 'cáncer', 'malas noticias', 'divorcio', 'rompimos', 'me despidieron', 'perdí (?:mi|el) trabajo'),
        words('(?:está|estoy) (?:enferma|enfermo|en el hospital)', `estoy ${ES_FILL}(?:triste|sola|solo|deprimida|deprimido)`),
      ],
      good_news: [
        words('me ascendieron', 'ascendida', 'ascendido', 'nuevo trabajo', 'me caso', 'me casé', 'nos casamos', 'comprometida', 'comprometido', 'aprobé', 'he aprobado', 'gané', 'he ganado', 'buenas noticias', 'cumpleaños'),
        words(`estoy ${ES_FILL}(?:feliz|contenta|contento|emocionada|emocionado)`),
      ],
    },
    intensifiers: words('muy', 'tan', 'realmente', 'súper', 'super', 'tanto', 'muchísimo'),
    negators: words('no', 'nunca', 'ni', 'jamás'),
  },
};
