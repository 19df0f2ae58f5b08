import type { Language } from '../config/index.js';
import { plain, words } from './fold.js';

/**
 * The built-in phrase lists, per language, matched against folded text (lower case, no accents:
 * see fold.ts). Every language's lists are applied to every utterance: speech-to-text does not
 * always know the language, and a visitor in trouble may fall back on their own.
 *
 * An emergency is a present danger said by the person: a medical crisis, a fire, an injury, or a
 * threat. A request for a person asks for a human instead of the robot. Idioms ("this heat is
 * killing me", "my phone died") and talk about hypotheticals or stories ("what do I do if there is
 * a fire?", "in the film he has a heart attack") never raise an alert.
 */
export interface AlertPhrases {
  emergency: RegExp[];
  help: RegExp[];
  /** A strongly negative state of the visitor (fear, despair, panic) that is not yet an emergency. */
  distress: RegExp[];
  /** Idioms that use an emergency's words ("almost had a heart attack"): they veto the match they overlap. */
  ignore: RegExp[];
  /** Stories and hypotheticals ("in the film…", "what do I do if…"): they veto the whole utterance. */
  context: RegExp[];
}

// "a cry for help" alone: the whole utterance is little more than the cry.
const CRY_EN = /^(?:(?:please|somebody|someone|anyone|help|me|us|quick|now|oh god|god|!|,|\.|\s)+)$/u;

export const PHRASES: Record<Language, AlertPhrases> = {
  en: {
    emergency: [
      words("(?:is|are|'s|'re|am|'m) (?:\\w+ )?(?:choking|bleeding|unconscious|not breathing|having a seizure|having a fit|having convulsions|turning blue|passing out|fainting|overdosing)", '(?:collapsed|fainted|passed out|blacked out|keeled over)', "(?:going to|gonna|about to|i might|i think i'll|i feel like i'm going to) (?:faint|pass out|collapse|black out)", 'i feel faint', 'not moving', "(?:won't|will not|doesn't|does not) (?:wake up|stop bleeding|respond)"),
      words('heart attack', 'having a stroke', 'had a stroke', 'cardiac arrest', "(?:can't|cannot|can not|couldn't) breathe?", 'unable to breathe', 'struggling to breathe', "(?:i'm|i am|he's|he is|she's|she is|they're|someone's|someone is|somebody is) (?:choking|bleeding|unconscious|not breathing|having a seizure|fitting|passing out|fainting|collapsing|overdosing)"),
      words('chest pains?', 'pain in my chest', 'my chest (?:hurts|is tight)', '(?:has|have) (?:collapsed|fainted|passed out)', '(?:collapsed|fainted|passed out) (?:on|in|over) the floor', '(?:somebody|someone|a man|a woman|a child|a kid|my \\w+) (?:collapsed|fainted|passed out|fell down|is hurt|is injured|is bleeding)', 'allergic reaction', 'anaphylactic', 'overdosed?', 'epi-?pen'),
      words('(?:call|get|phone) (?:an|the|a) (?:ambulance|paramedics?|doctor|medic)', '(?:call|dial) (?:911|999|112|the fire brigade|the fire department|the police|security|emergency services)', 'i need (?:an ambulance|a doctor right now|a doctor now|a paramedic|medical help|urgent help)', 'medical emergency', "it's an emergency", 'this is an emergency', 'emergency!?$'),
      words("there's a fire", 'there is a fire', 'fire!', '^fire', '(?:is|are|it is|it\'s) on fire', 'i (?:can )?smell (?:smoke|gas|burning)', 'smoke is coming', 'something is burning', 'gas leak', 'the fire alarm is going off'),
      words("i(?:'ve| have)? (?:fallen|fell|hurt myself|cut myself|burned myself|broken my)", "i(?:'m| am) (?:hurt|injured|bleeding|badly hurt)", 'broken (?:arm|leg|ankle|wrist|bone)', 'hit (?:my|his|her) head', "(?:i think )?(?:i've|i have|he's|she's) broken"),
      words('(?:call|get) security', 'get the police', "(?:someone|somebody|a man|a woman|a guy|he|she|that man|that guy|this man|they)(?:'s| is| are)? (?:following|stalking|threatening|attacking|hitting|chasing) (?:me|us|my)", "i(?:'m| am) being (?:followed|attacked|threatened|robbed|harassed)", '(?:has|with|holding|pulled) a (?:gun|knife|weapon|blade)', 'he hit me', 'she hit me', 'there is an intruder', "there's an intruder", 'a bomb', 'i(?:\'ve| have) been (?:robbed|attacked|assaulted|stabbed|mugged)'),
      CRY_EN,
    ],
    help: [
      words("(?:i want|i'd like|i would like|i need|can i|could i|may i|let me|i wanna|i have to|i must|please let me) (?:to )?(?:talk|speak) (?:to|with) (?:a |an |some |the |one of the )?(?:real |actual |live )?(?:human|person|people|someone|somebody|staff|member of staff|staff member|employee|manager|receptionist|reception|front desk|colleague|agent)"),
      words('(?:is|are) (?:there )?(?:anyone|anybody|someone|somebody|a person|any staff|a human|people) (?:here|around|working here|at the desk|i can talk to)', "(?:where is|where's|where are) (?:everyone|everybody|the staff|the receptionist|a person|a human)", 'is anybody here', 'is anyone here', 'is there anyone', 'is there anybody'),
      words('(?:get|fetch|call|bring) (?:me |us )?(?:a |an |some |the )?(?:human|real person|person|staff member|member of staff|someone from (?:staff|reception)|manager|receptionist|supervisor)', '(?:real|actual|live) (?:person|human)', "i don't want to (?:talk|speak) to a (?:robot|machine)", 'human,? please', 'a human being'),
    ],
    distress: [
      words("i(?:'m| am) (?:so |really |very |terribly )?(?:scared|afraid|terrified|frightened|panicking|desperate|devastated|miserable|hopeless|in pain|lost and scared)", "i can't (?:take|stand|do) (?:this|it) any ?more", "i don't know what to do", 'i feel (?:awful|terrible|hopeless|so alone|so bad|sick|dizzy|faint)', 'please help me', 'i(?:\'m| am) (?:going to|gonna) cry', 'everything is going wrong'),
    ],
    ignore: [
      // The mouth on fire from spicy food.
      words('(?:mouth|tongue|lips|throat)(?: \\w+){0,2} on fire', 'on fire (?:from|after) (?:the|that|this) (?:chili|curry|sauce|pepper|food)'),
      words('(?:my |his |her |your )?heart (?:bleeds|is bleeding)', 'bleeding heart'),
      words('(?:is|are) killing me', "(?:team|we|you|they|i|he|she|sales|business|numbers|market|stocks?|everyone)(?: is| are| am|'re|'s|'m)? on fire", '(?:market|deal|talks|negotiations|company|economy|plan|project|stock|prices?|tent|cake|souffle) (?:has |had |just )?collapsed', 'could (?:murder|kill) (?:a|for)', '(?:phone|battery|laptop|car) (?:died|is dead|has died)', 'dying (?:to|for)', 'to die for', 'drop dead', '(?:almost|nearly|practically) (?:had|gave me|give me) a heart attack', 'heart attack (?:when|at) (?:i saw|the price|the bill)', 'stroke of (?:luck|genius)', 'fired up', "you're fired", 'fire (?:him|her|them|someone|the)', 'on fire today', 'ceasefire', 'fireworks?', 'firewall', 'campfire', 'fireplace', 'smoke break', 'bleeding edge', 'killing it', 'help me (?:find|with|get to|understand|out with)', 'bored to death', 'scared me to death', 'heat is unbearable', 'dying (?:of|from) (?:boredom|laughter|embarrassment|the heat|hunger|thirst|curiosity)', 'choking on (?:all )?(?:this |the |my |these )?(?:paperwork|work|emails|traffic|bureaucracy|deadlines|forms)', '(?:heat|air|hot|humid|stuffy|warm)\\b.{0,25}suffocating', 'suffocating(?: heat| air| in here)', 'on fire (?:tonight|today|this (?:season|year|week|quarter|month)|lately)', 'band (?:is|was) on fire', 'chok(?:e|es|ed|ing) up', '(?:fell|fall|falling|fallen) (?:asleep|in love|for it|behind|apart|through)', 'police station', 'security (?:check|checkpoint|desk|badge|pass|gate|code|card|questions?)', 'through security', "doctor'?s (?:appointment|office|note|surgery)", 'staff (?:canteen|room|entrance|toilets?|parking|only|kitchen|lounge|meeting|party|discount|badge)', '(?:eyes|ears|cheeks) (?:are|is) burning', 'smoke (?:detectors?|alarms?)'),
    ],
    context: [words('movie', 'film', 'book', 'novel', 'story', 'series', 'episode', 'character', 'tv show', 'in the (?:movie|film|book|series|show|game|novel|story|play)', 'if (?:there is|there\'s|someone|somebody|i|a)', 'the (?:movie|film|book|series|show|novel|story) (?:where|about|in which)', 'the character', '(?:what|how) (?:do|should|would|can) (?:i|you|we|one|people) do (?:if|when|in case)', 'in case of (?:a )?(?:fire|emergency)', 'what happens if', 'what if (?:there|someone|somebody|i)', 'fire (?:drill|exit|exits|extinguisher|extinguishers|safety|regulations?)', 'where (?:is|are) the (?:fire|emergency) (?:exit|exits|extinguisher)', 'first aid kit', '(?:lecture|seminar|training|course|class|workshop) (?:on|about)', 'first aid (?:training|course|class)', 'training (?:course|session)', 'talk (?:on|about)', 'presentation (?:on|about)')],
  },
  de: {
    emergency: [
      words('herzinfarkt', 'herzanfall', 'schlaganfall', 'herzstillstand', 'ich (?:bekomme|kriege|habe) keine luft', '(?:kann|koennen) nicht (?:mehr )?atmen', 'atemnot', 'brustschmerzen', '(?:starke |grosse |heftige )?schmerzen in der brust', 'meine brust (?:tut|schmerzt)', '(?:ist|wird|sind) (?:bewusstlos|ohnmaechtig)', '(?:zusammengebrochen|umgekippt|kollabiert)', 'krampfanfall', 'epileptischen anfall', 'allergische reaktion', 'allergischen schock', 'ueberdosis'),
      words('(?:ruf|rufen sie|holen sie|hol) (?:bitte )?(?:schnell )?(?:einen|den|die) (?:arzt|aerztin|notarzt|sanitaeter|rettung|feuerwehr|polizei)', 'ich brauche (?:sofort )?(?:einen arzt|einen notarzt|hilfe, schnell|dringend hilfe)', 'das ist ein notfall', 'es ist ein notfall', 'notfall!?$', '(?:die )?(?:112|110) (?:an)?rufen'),
      words('es brennt', 'brennt es', 'brennt (?:das|der|die|ein|eine)', 'rauch (?:kommt|steigt)', 'qualm', 'feuer!', '^feuer', 'brand im', 'steht in flammen', 'ich rieche (?:rauch|gas|etwas verbranntes)', 'rauch kommt', 'gasleck', 'der feueralarm'),
      words('ich bin (?:gestuerzt|hingefallen|verletzt|schwer verletzt)', '(?:er|sie|jemand|ein kind|ein mann|eine frau) (?:ist|hat sich) (?:gestuerzt|hingefallen|verletzt)', 'ich blute', '(?:er|sie|jemand) blutet', '(?:arm|bein|knoechel|handgelenk) (?:ist )?gebrochen', 'den kopf (?:angeschlagen|gestossen)'),
      words('(?:ruf|rufen sie|holen sie|hol) (?:bitte )?(?:die polizei|den sicherheitsdienst|die security|die sicherheit|den wachdienst)', '(?:jemand|ein mann|eine frau|der mann|er|sie) (?:verfolgt|bedroht|belaestigt|schlaegt) mich', 'ich werde (?:verfolgt|bedroht|angegriffen|belaestigt)', '(?:hat|mit) (?:einer|einem) (?:waffe|messer|pistole)', 'ich wurde (?:ueberfallen|angegriffen|bestohlen)'),
      /^(?:(?:hilfe|bitte|schnell|helfen sie mir|hilf mir|!|,|\.|\s)+)$/u,
    ],
    help: [
      words('(?:ich moechte|ich will|ich wuerde gern(?:e)?|ich muss|kann ich|koennte ich|darf ich|lassen sie mich) (?:bitte )?(?:mit )?(?:einem|einer|jemandem|dem|der|einem echten|einer echten)? ?(?:menschen|person|mitarbeiter|mitarbeiterin|personal|rezeption|empfang|verantwortlichen|manager|chef) (?:sprechen|reden)'),
      words('ist (?:hier )?(?:jemand|irgendjemand|irgendwer|ein mensch|ein mitarbeiter|personal) (?:da|hier|zustaendig)', 'ist hier (?:jemand|irgendjemand)', 'wo (?:ist|sind) (?:das personal|die mitarbeiter|der empfang|jemand)'),
      words('(?:holen sie|hol|rufen sie|ruf) (?:mir |uns )?(?:bitte )?(?:einen menschen|jemanden|einen mitarbeiter|eine mitarbeiterin|den manager|den empfang|eine echte person)', '(?:echten|echter|echte) (?:mensch|menschen|person)', 'ich will nicht mit einem (?:roboter|computer) (?:sprechen|reden)'),
    ],
    distress: [
      words('ich habe (?:solche |so |grosse )?angst', 'ich bin (?:so |total |voellig )?(?:verzweifelt|panisch|am ende|hilflos)', 'ich halte (?:das|es) nicht mehr aus', 'ich weiss nicht (?:mehr )?(?:weiter|was ich tun soll)', 'mir ist (?:so )?(?:schlecht|schwindelig)', 'bitte helfen sie mir'),
    ],
    ignore: [
      words('(?:mund|zunge|lippen|hals) brennt', 'brennt (?:mir )?(?:der|mein|die|meine) (?:mund|zunge|lippen)'),
      // A light, a candle, a stove that burns as it should ("brennt das Licht noch?").
      words('brennt (?:(?:das|die|der|noch|ein|eine|dort|da) )*(?:licht|lampe|lampen|lichter|kerze|kerzen|ofen|kamin|heizung|beleuchtung)', '(?:licht|lampe|kerze|ofen|kamin|heizung) brennt'),
      words('(?:mein|das|ihr|sein|unser) herz blutet', 'blutet (?:mir|ihm|ihr|uns)? ?das herz'),
      words('bringt mich (?:noch )?um', 'zum ersticken', 'stickig', 'erstickend (?:heiss|warm)', '(?:sterbe|stirbt|sterben) vor (?:hunger|durst|langeweile|lachen|hitze|neugier)', 'ich koennte (?:fuer|einen)', '(?:handy|akku|telefon|laptop) ist (?:tot|leer)', 'fast einen herzinfarkt', 'beinahe einen herzinfarkt', 'feuerwerk', 'zu tode gelangweilt', 'helfen sie mir,? (?:den|die|das|zu)'),
    ],
    context: [words('buch', 'film', 'roman', 'serie', 'geschichte', 'folge', 'figur', 'wenn es (?:brennt|einen notfall gibt)', 'falls es', '(?:was|wie) (?:muss|soll|sollte|mache|tue) ich,? (?:wenn|falls|im)', 'im film', 'in dem film', 'im buch', 'in der serie', 'im roman', '(?:was|wie) (?:mache|tue|soll) ich,? wenn', 'im brandfall', 'im notfall', 'was passiert,? wenn', 'notausgang', 'feuerloescher', 'brandschutz', 'kurs', 'schulung', 'vortrag (?:ueber|zum|zur)', 'seminar (?:ueber|zum|zur)', 'fortbildung')],
  },
  fr: {
    emergency: [
      words('crise cardiaque', 'infarctus', 'arret cardiaque', 'avc', 'je (?:n\'arrive|n arrive) (?:plus |pas )?(?:pas )?a respirer', 'je ne peux (?:plus|pas) respirer', "j'etouffe", 'douleurs? (?:a|dans) la poitrine', "mal (?:\\w+ )?a la poitrine", '(?:ne respire plus|ne bouge plus|ne se reveille pas)', "(?:il|elle|quelqu'un) (?:s'est evanoui|s'est effondre|a perdu connaissance|est inconscient|ne respire plus|fait une crise)", 'crise d\'epilepsie', 'reaction allergique', 'choc anaphylactique', 'overdose'),
      words('appelez (?:une|l\'|les|le) ?(?:ambulance|pompiers|samu|secours|medecin|police|securite)', 'appelle (?:une|les|le) (?:ambulance|pompiers|samu|secours|medecin)', "j'ai besoin d'un medecin", "il faut un medecin", "c'est une urgence", "urgence!?$", 'faites le (?:15|18|112|17)'),
      words('au feu', 'il y a le feu', "il y a un incendie", '^feu', 'ca brule', 'en feu', 'je sens (?:de la fumee|le gaz|le brule)', 'de la fumee sort', 'fuite de gaz', "l'alarme incendie"),
      words('je suis (?:tombe|tombee|blesse|blessee)', "je me suis (?:blesse|blessee|coupe|coupee|brule|brulee|casse)", "(?:il|elle|quelqu'un) (?:est tombe|est tombee|est blesse|est blessee|saigne)", 'je saigne', '(?:bras|jambe|cheville|poignet) casse'),
      words('appelez (?:la )?(?:police|securite|gendarmerie)', "(?:il|elle|quelqu'un|un homme|une femme|cet homme|ce type) me (?:suit|menace|frappe|harcele|poursuit)", 'on me (?:suit|menace|frappe|harcele|poursuit)', "je (?:suis|me suis fait) (?:suivi|suivie|agresse|agressee|menace|menacee|vole|volee)", '(?:a|avec) un (?:couteau|pistolet|flingue)', 'une arme'),
      /^(?:(?:au secours|a l'aide|aidez-moi|aidez moi|vite|s'il vous plait|!|,|\.|\s)+)$/u,
    ],
    help: [
      words("(?:je veux|je voudrais|j'aimerais|je dois|puis-je|est-ce que je peux|laissez-moi) (?:parler|m'adresser) (?:a|avec) (?:un |une |quelqu'un|l'|le |la )?(?:vrai |vraie )?(?:humain|personne|employe|employee|membre du personnel|accueil|responsable|receptionniste|quelqu'un|etre humain)"),
      words("(?:il y a|y a-t-il|est-ce qu'il y a|y a) quelqu'un(?: ici)?", 'ou est (?:le personnel|quelqu\'un|l\'accueil)'),
      words("(?:appelez|allez chercher|faites venir) (?:moi )?(?:un |une |quelqu'un|le |la )?(?:humain|personne|employe|responsable|quelqu'un du personnel)", '(?:une vraie personne|un vrai humain|un etre humain)', 'je ne veux pas parler a un robot'),
    ],
    distress: [
      words("j'ai (?:tellement |tres |si )?peur", 'je suis (?:desespere|desesperee|terrifie|terrifiee|paniquee|panique|perdu et j\'ai peur)', "je n'en peux plus", 'je ne sais (?:plus )?(?:pas )?quoi faire', "je me sens (?:mal|tres mal|horrible)", 'aidez-moi,? s\'il vous plait'),
    ],
    ignore: [
      words('(?:bouche|langue|gorge) (?:est )?en feu', '(?:la |ma )?(?:bouche|langue) (?:qui )?brule', '(?:ca|ça) (?:me )?brule la (?:bouche|langue)'),
      // "comment s'appelle le médecin": a name, not a call.
      words("(?:s|m|t)'appelle(?:nt|s)?"),
      words('(?:le |mon )?coeur (?:qui )?saigne'),
      words('me tue', '(?:chaleur|air|ambiance) (?:\\w+ )?etouffante?', 'meur[st]? (?:de|d\') ?(?:faim|soif|rire|chaud|froid|envie|honte|fatigue|ennui)', 'je tuerais pour', '(?:telephone|portable|batterie) (?:est mort|est morte|est a plat)', "feu d'artifice", 'mort de rire', "aidez-moi a (?:trouver|comprendre)", 'tombee? (?:amoureu(?:x|se)|en panne|d\'accord|malade)', 'suis tombee? sur', 'feux? (?:rouges?|verts?|orange|de circulation)'),
    ],
    context: [words('film', 'livre', 'roman', 'serie', 'histoire', 'personnage', 'episode', "s'il y a (?:le feu|un incendie|une urgence)", 'en cas de', 'dans le film', 'dans le livre', 'dans la serie', 'le personnage', "(?:que|qu'est-ce que) (?:je dois|on doit|faut-il) faire (?:si|en cas)", 'en cas (?:d\'incendie|d\'urgence)', 'sortie de secours', 'extincteur', 'formation (?:sur|aux|de secouris)', 'cours de secourisme', 'seminaire sur', 'conference sur')],
  },
  es: {
    emergency: [
      words('ataque al corazon', 'infarto', 'paro cardiaco', 'derrame cerebral', 'ictus', 'no puedo respirar', 'me ahogo', 'me falta el aire', 'dolor (?:\\w+ )?(?:en el|de) pecho', 'me duele (?:\\w+ )?el pecho', '(?:no respira|no se mueve|no despierta|no reacciona)', '(?:se ha desmayado|se desmayo|esta inconsciente|se ha desplomado|no respira)', 'convulsion(?:es)?', 'reaccion alergica', 'sobredosis'),
      words('llam(?:a|e|en) (?:a )?(?:una ambulancia|los bomberos|emergencias|un medico|la policia|seguridad)', 'necesito (?:un medico|una ambulancia|ayuda urgente)', 'es una emergencia', 'emergencia!?$'),
      words('fuego!', '^fuego', 'hay (?:un )?(?:fuego|incendio)', 'se esta quemando', 'huele a (?:humo|gas|quemado)', 'sale humo', 'fuga de gas', 'la alarma de incendios'),
      words('me (?:he caido|cai|he hecho dano|he cortado|he quemado)', 'estoy (?:herido|herida|sangrando)', '(?:se ha caido|se cayo|esta herido|esta herida|esta sangrando)', '(?:brazo|pierna|tobillo|muneca) roto'),
      words('(?:alguien|un hombre|una mujer|ese hombre|ese tipo|el|ella) me (?:esta )?(?:sigue|siguiendo|amenaza|amenazando|pega|pegando|acosa|acosando|persigue|persiguiendo)', 'me (?:estan|esta) (?:siguiendo|atacando|amenazando|robando)', 'me (?:han|ha) (?:robado|atacado|asaltado)', '(?:tiene|con) (?:un arma|un cuchillo|una pistola)'),
      /^(?:(?:socorro|auxilio|ayuda|ayudeme|ayudame|rapido|por favor|!|¡|,|\.|\s)+)$/u,
    ],
    help: [
      words('(?:quiero|quisiera|me gustaria|necesito|puedo|podria|dejeme) hablar con (?:un |una |el |la |alguien|algun )?(?:ser humano|humano|persona|persona real|empleado|empleada|personal|recepcion|recepcionista|encargado|responsable|alguien)'),
      words('(?:hay|esta) alguien(?: aqui)?', 'hay alguna persona', 'donde (?:esta|estan) (?:el personal|los empleados|la recepcion|alguien)'),
      words('(?:llame|llama|traiga|busque) (?:a )?(?:un humano|una persona|alguien del personal|un empleado|al encargado|al responsable)', 'persona de verdad', 'persona real', 'no quiero hablar con un robot'),
    ],
    distress: [
      words('tengo (?:mucho )?miedo', 'estoy (?:desesperado|desesperada|aterrado|aterrada|asustado|asustada|en panico)', 'no (?:puedo|aguanto) mas', 'no se (?:que hacer|lo que hacer)', 'me siento (?:fatal|muy mal|mareado|mareada)', 'ayudeme,? por favor'),
    ],
    ignore: [
      words('(?:boca|lengua|garganta) (?:me )?arde', 'me arde la (?:boca|lengua)', '(?:boca|lengua) en llamas'),
      words('(?:me |le )?sangra el corazon', 'corazon (?:me )?sangra'),
      words('me mata', '(?:calor|aire|ambiente) (?:\\w+ )?asfixiante', 'muer[eo] de (?:hambre|sed|risa|calor|frio|ganas|verguenza|sueno|aburrimiento)', 'mataria por', '(?:movil|telefono|bateria|celular) (?:se murio|esta muerto|esta muerta|se ha muerto)', 'fuegos artificiales', 'muerto de risa', 'ayudame a (?:encontrar|entender)'),
    ],
    context: [words('pelicula', 'libro', 'novela', 'serie', 'historia', 'personaje', 'episodio', 'si hay (?:fuego|un incendio|una emergencia)', 'en caso de', 'en la pelicula', 'en el libro', 'en la serie', 'el personaje', 'que (?:hago|hay que hacer|debo hacer) (?:si|en caso)', 'en caso de (?:incendio|emergencia)', 'salida de emergencia', 'extintor', 'curso de', 'formacion (?:sobre|en)', 'charla sobre', 'conferencia sobre', 'seminario sobre')],
  },
  zh: {
    emergency: [
      plain('心脏病发', '心脏病犯', '心梗', '心肌梗', '中风', '喘不过气', '不能呼吸', '无法呼吸', '呼吸困难', '胸口.{0,2}(?:疼|痛|闷)', '胸.{0,2}(?:剧痛|很痛|好痛)', '(?:不动了|醒不过来|没有反应)', '胸痛', '晕倒', '昏倒', '昏迷', '失去知觉', '没有呼吸', '癫痫', '抽搐', '过敏反应', '吃药过量'),
      plain('叫(?:一辆)?救护车', '打(?:120|119|110)', '叫医生', '需要医生', '紧急情况', '急救'),
      plain('着火了', '失火', '火灾', '起火了', '冒烟了', '有烟', '煤气泄漏', '火警'),
      plain('摔倒了', '受伤了', '我流血了', '在流血', '骨折'),
      plain('叫保安', '报警', '有人(?:跟踪|跟着|威胁|打|攻击)我', '他(?:跟踪|跟着|威胁|打)我', '拿着?(?:刀|枪)', '有(?:刀|枪)', '我被(?:抢|打|跟踪|袭击)'),
      /^(?:(?:救命|救救我|快来人|帮帮我|啊|呀|哇|啦|！|!|，|。|\s)+)$/u,
    ],
    help: [
      plain('(?:我想|我要|我需要|能不能|可以|能)(?:跟|和|与|找)(?:一个)?(?:真人|人工|工作人员|员工|前台|人|经理|负责人)(?:说话|谈|聊|讲|沟通)?', '有(?:没有)?人(?:在|吗)', '有人吗', '叫.{0,3}(?:前台|工作人员|真人|人工|经理|负责人)', '人工服务', '转人工', '真人', '不(?:想|要|愿意)(?:跟|和|与)机器人(?:说|聊|讲|谈)'),
    ],
    distress: [plain('我(?:好|很|非常)?(?:害怕|怕)', '我(?:很|好)?绝望', '受不了了', '不知道(?:该)?怎么办', '我(?:感觉|觉得)(?:很|好)?(?:难受|不舒服|头晕)')],
    ignore: [plain('嘴(?:巴|里|唇)*(?:都|像)?(?:着火|冒火|喷火|在烧|烧起来)'), plain('(?:热|累|饿|笑|困|吓|气|烦|冷|忙|闷|急|挤)死人', '热死', '累死', '饿死', '笑死', '困死', '吓死', '气死', '手机(?:没电|死机)', '烟花', '帮我找(?!(?:一?个)?(?:人|工作人员|员工|经理|负责人|前台))', '打我(?:电话|手机)', '急救(?:包|箱|课|培训|知识|用品)', '倒了?(?:一杯|一碗|杯|水|茶|咖啡|垃圾|车|霉)', '(?<![起着失大])火(?:了|起来)(?:吧|啊|呢)?$', '打扰', '有火吗')],
    context: [plain('电影', '小说', '书里', '故事', '电视剧', '剧里', '如果', '万一', '电影(?:里|中)', '小说里', '(?:如果|万一).{0,6}(?:怎么办|该怎么)', '安全出口', '灭火器', '培训', '讲座', '课程', '演习')],
  },
};
