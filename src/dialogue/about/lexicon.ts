import type { Language } from '../../config/index.js';

/**
 * Word lists for "what is the visitor asking about": a question about themselves (their name, work,
 * home, hobbies, what they said last time, whether the robot remembers them) or about the robot
 * (its name, what it is, who built it, what it can do, whether it has feelings, how it is today).
 *
 * Questions about the person are found by topic words and by whose they are: the person word
 * nearest to the topic word decides ("where do I live" vs "where do you live" vs "where does my
 * wife live"). Questions about the robot are short set phrases in every language. Patterns are
 * regex alternatives over lower-cased text; Latin-script ones are matched at word boundaries.
 */

// The order is the precedence: "do you remember what I told you last time" is answered as remember.
export const PERSON_TOPICS = ['name', 'work', 'live', 'hobbies', 'remember', 'last_time'] as const;
export type PersonTopic = (typeof PERSON_TOPICS)[number];
export const ROBOT_TOPICS = ['name', 'what', 'creator', 'abilities', 'feelings', 'mood'] as const;
export type RobotTopic = (typeof ROBOT_TOPICS)[number];
export type Owner = 'me' | 'robot' | 'other';

export interface AboutLexicon {
  /** Written without spaces between words (Chinese): no word boundaries, a shorter reach. */
  han?: boolean;
  /** Words for the person asking, for the robot, for someone else. */
  owners: Record<Owner, string[]>;
  /** Question words or word order; a question mark always counts. */
  question: string[];
  topics: Record<PersonTopic, string[]>;
  /** Verb forms that carry their person when no pronoun is said ("¿dónde vivo?"). */
  implied?: [pattern: string, owner: Owner][];
  robot: Record<RobotTopic, string[]>;
}

export const ABOUT: Record<Language, AboutLexicon> = {
  en: {
    owners: {
      me: ["i'm", "i've", "i'd", 'i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our'],
      robot: ["you're", 'you', 'your', 'yours', 'yourself'],
      other: ['he', 'she', 'they', 'his', 'her', 'their', 'him', 'them', 'wife', 'husband', 'mother', 'mom', 'mum', 'father', 'dad', 'brother', 'sister', 'son', 'daughter', 'friend', 'boss', 'colleague', 'partner', 'boyfriend', 'girlfriend', 'parents', 'kids', 'children'],
    },
    question: ['what', 'where', 'who', 'how', 'which', 'do', 'does', 'did', 'can', 'could', 'would', 'will', 'is', 'are', 'am', 'have', 'tell me', 'guess', 'remember', 'recogni[sz]e'],
    topics: {
      name: ['name', 'called', 'who am i'],
      work: ['work', 'works', 'working', 'job', 'company', 'employer', 'for a living', 'profession', 'occupation'],
      live: ['live', 'lives', 'living', 'home', 'hometown', 'city', 'come from', 'from'],
      hobbies: ['hobby', 'hobbies', 'interests', 'interested in', 'free time', 'like to do'],
      last_time: ['last time', 'last visit', 'previous(?:ly)?', 'before', 'told you', 'talked about', 'tell you'],
      remember: ['remember', 'recall', 'recogni[sz]e', 'know me', 'know who', 'know about me', "(?:have|'ve) we met", 'we met', 'seen me'],
    },
    robot: {
      name: ["what(?:'s| is) your name", 'what (?:should|can|do|shall|may) i call you', 'what to call you', 'how (?:should|can|do|shall|may) i (?:call|address) you', 'what do (?:people|they|others|folks) call you', 'what name do you go by', 'what are you called', 'do you have a name'],
      what: ['who are you', 'what are you', 'are you (?:a |an )?(?:real )?(?:robot|machine|human|person|ai|computer|android)', 'what kind of (?:robot|machine|thing) are you', 'tell me about yourself', 'introduce yourself'],
      creator: ['who (?:\\p{L}+ )?(?:built|made|created|designed|programmed|developed|invented) you', 'who (?:is|are) your (?:creators?|makers?|developers?|builders?)', 'where do you come from'],
      abilities: ['what can you do', 'what are you able to do', 'what do you do', 'how can you help', 'what are you (?:good )?for', 'what can i ask you', 'what are your (?:skills|abilities|capabilities|functions)'],
      feelings: ['(?:do|can) you (?:have|feel|experience|show) (?:any |real )?(?:feelings|emotions|moods?)', 'can you feel', 'are you (?:able to feel|sentient|conscious)', 'do you feel (?:anything|emotions)'],
      mood: ['how are you(?! (?:able|going to|planning|so))', "how(?:'s| is) it going", 'how are (?:you|things) (?:doing|today)', 'how do you feel(?: today)?', 'are you (?:ok|okay|alright|all right|well|fine|good)', "how(?:'s| was| has been) your day", 'did you have a (?:good|nice) day', "what(?:'s| is) up"],
    },
  },
  de: {
    owners: {
      me: ['ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meinem', 'meiner', 'meines', 'wir', 'uns', 'unser', 'unsere'],
      robot: ['du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner'],
      other: ['er', 'ihm', 'ihn', 'sein', 'seine', 'seinen', 'frau', 'mann', 'mutter', 'vater', 'bruder', 'schwester', 'sohn', 'tochter', 'freund', 'freundin', 'chef', 'chefin', 'kollege', 'kollegin', 'eltern', 'kinder'],
    },
    question: ['wie', 'wo', 'was', 'wer', 'welche[rsnm]?', 'woher', 'weißt du', 'kennst du', 'kennen wir', 'erinnerst du', 'hast du', 'haben wir', 'habe ich', 'hab ich', 'bin ich', 'sag mir', 'rate'],
    topics: {
      name: ['name', 'namen', 'heiße', 'heiß', 'heißt', 'heißen', 'wer bin ich'],
      work: ['arbeite', 'arbeitest', 'arbeitet', 'arbeit', 'beruf', 'job', 'firma', 'arbeitgeber', 'stelle', 'tätig'],
      live: ['wohne', 'wohnst', 'wohnt', 'wohnort', 'lebe', 'lebst', 'zuhause', 'zu hause', 'herkomme', 'komme'],
      hobbies: ['hobby', 'hobbys', 'interessen', 'freizeit', 'interessiere'],
      last_time: ['letztes mal', 'letzte mal', 'letzten mal', 'zuletzt', 'letzten besuch', 'erzählt', 'gesagt', 'gesprochen', 'geredet'],
      remember: ['erinnerst', 'erinnern', 'kennst', 'erkennst', 'kennen wir uns', 'getroffen', 'weißt du noch', 'weißt du,? wer', 'über mich'],
    },
    robot: {
      name: ['wie heißt du', 'wie ist dein name', 'was ist dein name', 'wie (?:soll|darf|kann|muss) ich (?:dich|sie) (?:\\p{L}+ ){0,2}(?:nennen|ansprechen|rufen)', 'wie man dich (?:nennt|anspricht)', 'hast du einen namen'],
      what: ['wer bist du', 'was bist du', 'bist du (?:ein|eine) (?:echter |echte )?(?:roboter|maschine|mensch|ki|computer)', 'erzähl (?:mir )?(?:etwas |was )?(?:über|von) dir', 'stell dich (?:mal )?vor'],
      creator: ['wer hat dich (?:\\p{L}+ )?(?:gebaut|gemacht|erschaffen|programmiert|entwickelt|erfunden|hergestellt)', 'wer (?:ist|sind) deine? (?:schöpfer|erbauer|entwickler|hersteller)', 'woher kommst du'],
      abilities: ['was kannst du', 'was machst du', 'wie kannst du (?:mir )?helfen', 'wobei kannst du (?:mir )?helfen', 'was sind deine (?:fähigkeiten|funktionen)', 'was kann ich dich fragen'],
      feelings: ['hast du (?:\\p{L}+ )?(?:gefühle|emotionen|launen|stimmungen)', 'kannst du (?:etwas )?fühlen', 'hast du ein bewusstsein'],
      mood: ['wie geht(?:s| es)(?: dir)?', 'geht es dir gut', 'alles (?:gut|klar) bei dir', 'wie war dein tag', 'wie fühlst du dich', 'hattest du einen (?:guten|schönen) tag', 'wie läuft(?:s| es)'],
    },
  },
  fr: {
    owners: {
      me: ['je', "j'", 'me', "m'", 'moi', 'mon', 'ma', 'mes', 'nous', 'notre', 'nos', 'on'],
      robot: ['tu', 'te', "t'", 'toi', 'ton', 'ta', 'tes', 'vous', 'votre'],
      other: ['il', 'elle', 'ils', 'elles', 'lui', 'leur', 'son', 'sa', 'ses', 'femme', 'mari', 'mère', 'père', 'frère', 'sœur', 'fils', 'fille', 'ami', 'amie', 'copain', 'copine', 'patron', 'collègue', 'parents', 'enfants'],
    },
    question: ['comment', 'où', "qu'", 'que', 'quel', 'quelle', 'quels', 'qui', 'est-ce', 'sais-tu', 'tu sais', 'dis-moi', 'devine', 'tu te souviens', 'on se connaît'],
    topics: {
      name: ['nom', 'prénom', 'appelle', 'appelles', 'appelez', 'appelé', 'qui suis-je', 'qui je suis'],
      work: ['travaille', 'travailles', 'travail', 'boulot', 'métier', 'entreprise', 'emploi', 'profession', 'bosse'],
      live: ['habite', 'habites', 'vis', 'vit', 'ville', 'domicile', 'viens'],
      hobbies: ['loisirs', 'passe-temps', 'hobbies', 'hobby', "centres d'intérêt", 'intérêts', 'passions'],
      last_time: ['dernière fois', 'la dernière', 'dernier passage', 'dit', 'raconté', 'parlé'],
      remember: ['souviens', 'souvenez', 'rappelles', 'rappelez', 'reconnais', 'reconnaissez', 'connais', 'connaît', 'connaissons', 'rencontrés', 'déjà vu', 'sur moi'],
    },
    robot: {
      name: ["comment tu t'appelles", "comment t'appelles-tu", 'comment vous appelez-vous', 'quel est (?:ton|votre) nom', "c'est quoi ton nom", "tu t'appelles comment",
        // "Comment dois-je t'appeler", "je me demandais comment t'appeler": calling you by a name, never on the phone ("t'appeler demain").
        "comment (?:\\p{L}+[ -]){0,3}(?:t'|vous )appeler", "(?:t'|vous )appeler comment"],
      what: ['qui es-tu', 'qui êtes-vous', 'tu es qui', "qu'est-ce que tu es", '(?:es-tu|tu es) une? (?:vraie? )?(?:robot|machine|humaine?|ia|ordinateur)', 'présente-toi', 'parle-moi de toi'],
      creator: ["qui t'a (?:\\p{L}+ )?(?:construite?|créée?|fabriquée?|programmée?|conçue?|inventée?|faite?)", 'qui vous a (?:construite?|créée?|fabriquée?|programmée?|conçue?)', "d'où viens-tu", 'qui est ton (?:créateur|concepteur|fabricant)'],
      abilities: ["qu'est-ce que tu (?:sais|peux) faire", 'que (?:sais|peux)-tu faire', 'tu (?:sais|peux) faire quoi', 'à quoi (?:tu sers|sers-tu)', 'tu sers à quoi', "comment (?:peux-tu|tu peux) m'aider", 'quelles sont tes (?:capacités|compétences|fonctions)'],
      feelings: ['(?:as-tu|tu as|avez-vous) des (?:sentiments|émotions)', 'ressens-tu', 'tu ressens', '(?:peux-tu|tu peux) ressentir'],
      mood: ['ça va(?= ?[?!.,]|$)', 'comment (?:vas-tu|tu vas|allez-vous|vous allez|ça va)', '(?:tu vas|vous allez) bien', '(?:as-tu|tu as|avez-vous|vous avez) passé une bonne journée', 'comment (?:était|s’est passée|s\'est passée) ta journée', 'comment tu te sens', 'comment te sens-tu'],
    },
  },
  es: {
    owners: {
      me: ['yo', 'me', 'mi', 'mis', 'mí', 'nos', 'nosotros', 'nuestro', 'nuestra'],
      robot: ['tú', 'tu', 'te', 'ti', 'usted', 'contigo', 'tus'],
      other: ['él', 'ella', 'ellos', 'ellas', 'su', 'sus', 'esposa', 'esposo', 'marido', 'mujer', 'madre', 'padre', 'hermano', 'hermana', 'hijo', 'hija', 'amigo', 'amiga', 'jefe', 'jefa', 'colega', 'padres', 'hijos'],
    },
    question: ['cómo', 'dónde', 'qué', 'cuál', 'quién', 'de dónde', 'te acuerdas', 'recuerdas', 'sabes', 'dime', 'adivina'],
    topics: {
      name: ['nombre', 'llamo', 'llamas', 'llama', 'quién soy'],
      work: ['trabajo', 'trabajas', 'trabaja', 'empresa', 'profesión', 'empleo', 'oficio', 'dedico', 'dedicas'],
      live: ['vivo', 'vives', 'vive', 'ciudad', 'casa', 'resido', 'soy de'],
      hobbies: ['aficiones', 'afición', 'pasatiempos', 'hobbies', 'intereses'],
      last_time: ['última vez', 'vez pasada', 'otra vez', 'conté', 'dije', 'hablamos', 'contado', 'dicho'],
      remember: ['acuerdas', 'recuerdas', 'acuerda', 'recuerda', 'reconoces', 'conoces', 'conocemos', 'hemos visto', 'sabes de mí', 'sobre mí'],
    },
    implied: [['llamo|vivo|trabajo|dedico|resido|soy de|conté|dije|quién soy', 'me'], ['llamas|vives|trabajas|dedicas', 'robot']],
    robot: {
      name: ['cómo te llamas', 'cuál es tu nombre', 'cómo (?:\\p{L}+ ){0,2}llamarte', 'cómo te (?:\\p{L}+ ){0,2}llamo', 'cómo te (?:puedo|debo|tengo que) llamar', 'qué nombre tienes', 'tienes nombre'],
      what: ['quién eres', 'qué eres', 'eres una? (?:robot|máquina|humano|humana|persona|ia|ordenador|computadora)', 'háblame de ti', 'preséntate'],
      creator: ['quién te (?:\\p{L}+ )?(?:construyó|creó|hizo|programó|diseñó|fabricó|inventó|ha creado|ha construido|ha hecho)', 'de dónde vienes', 'quién es tu (?:creador|fabricante)'],
      abilities: ['qué (?:sabes|puedes) hacer', 'qué haces', '(?:en qué|cómo) (?:me )?puedes ayudar', 'cuáles son tus (?:habilidades|funciones|capacidades)', 'para qué sirves'],
      feelings: ['tienes (?:\\p{L}+ )?(?:sentimientos|emociones)', 'puedes sentir', 'sientes (?:algo|emociones)'],
      mood: ['cómo estás', 'como estas', 'qué tal(?: estás| te va| tu día)?', 'cómo te va', 'cómo te (?:encuentras|sientes)', 'estás bien', 'cómo (?:ha ido|fue) tu día'],
    },
  },
  zh: {
    han: true,
    owners: {
      me: ['我们', '我'],
      robot: ['你', '您'],
      other: ['他们', '他', '她', '妈妈', '爸爸', '母亲', '父亲', '哥哥', '姐姐', '弟弟', '妹妹', '儿子', '女儿', '朋友', '老婆', '老公', '妻子', '丈夫', '同事', '老板', '孩子'],
    },
    question: ['吗', '什么', '哪', '谁', '呢', '怎么', '几', '啥'],
    topics: {
      name: ['名字', '叫什么', '叫啥', '姓什么', '称呼', '我是谁'],
      work: ['工作', '上班', '公司', '职业', '做什么的', '干什么的'],
      live: ['住', '家在', '来自', '哪里人', '哪儿人'],
      hobbies: ['爱好', '兴趣', '喜欢做什么', '喜欢干什么'],
      last_time: ['上次', '上一次', '之前', '以前', '说过', '说了什么', '聊过', '聊了什么', '告诉过你'],
      remember: ['记得', '认识我', '认得', '认出', '记住', '见过', '了解我', '关于我'],
    },
    robot: {
      name: ['你叫什么', '你的名字', '怎么称呼你', '你怎么称呼', '怎么称呼您', '怎么叫你', '叫你什么', '您贵姓', '您叫什么'],
      what: ['你是谁', '你是什么', '你是(?:一个|个)?(?:真的)?(?:机器人|人|人类|机器|人工智能)吗', '介绍一下(?:你自己|自己)'],
      creator: ['谁(?:造|制造|创造|设计|发明|开发|做|制作)(?:了|的)?你', '你是谁(?:造|做|开发|设计|制造)的', '你的(?:创造者|制造者|开发者)', '你从哪里来'],
      abilities: ['你(?:会|能|可以)(?:做|干)(?:什么|啥|些什么)', '你有(?:什么|哪些)(?:功能|本领|能力)', '你能帮(?:我)?(?:做)?(?:什么|啥)', '你会什么', '你是干什么的'],
      feelings: ['你有(?:感情|情感|情绪|感觉)吗', '你(?:会|能)(?:感觉|感受)', '你会(?:难过|开心|伤心|生气)吗'],
      mood: ['你(?:今天|最近|这几天|这些天|还)*好吗', '你(?:今天|最近|这几天|这些天)*(?:过得)?怎么样', '最近(?:还)?好吗', '(?:今天)?过得(?:怎么样|好吗)', '你心情(?:怎么样|好吗)', '你还好(?:吧|么)'],
    },
  },
};
