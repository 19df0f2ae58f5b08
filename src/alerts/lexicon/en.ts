import type { Lexicon } from '../frames.js';

/**
 * English concepts. Words split at apostrophes ("can't" is can + t), so each contraction is also
 * listed as speech-to-text writes it without one ("cant", "isnt").
 */
export const EN: Lexicon = {
  concepts: {
    // Who it happens to: the visitor, someone with them, someone they see.
    person: ['i', 'me', 'he', 'she', 'him', 'her', 'they', 'we', 'someone', 'somebody', 'someones', 'somebodys', 'anyone', 'man', 'woman', 'guy', 'lady', 'gentleman', 'child', 'kid', 'baby', 'boy', 'girl', 'person', 'husband', 'wife', 'partner', 'son', 'daughter', 'father', 'dad', 'mother', 'mom', 'mum', 'friend', 'colleague', 'boss', 'brother', 'sister', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'granny', 'uncle', 'aunt', 'visitor', 'customer', 'patient', 'student', 'people'],
    // Losing consciousness or the ability to stand, said of someone now.
    collapse: ['just went down', 'went down like', 'suddenly went down', 'dropped like', 'collapsed', 'collapsing', 'collapses', 'fell over', 'fallen over', 'dropped to the floor', 'dropped to the ground', 'isn t responding', 'isnt responding', 'not responding', 'won t respond', 'wont respond', 'isn t moving', 'isnt moving', 'not moving', 'won t wake up', 'wont wake up', 'went limp', 'lying on the floor', 'lying on the ground', 'lying there', 'on the floor not'],
    // The same, clear enough on its own.
    collapseSure: ['not conscious', 'isn t conscious', 'isnt conscious', 'barely breathing', 'hardly breathing', 'asthma attack', 'diabetic hypo', 'having a hypo', 'anaphyla*', 'vision is going', 'going black', 'everything is going black', 'everything went black', 'can t see anything', 'cant see anything', 'fainted', 'fainting', 'passed out', 'passing out', 'blacked out', 'blacking out', 'keeled over', 'keels over', 'unconscious', 'unresponsive', 'isn t breathing', 'isnt breathing', 'not breathing', 'stopped breathing', 'having a seizure', 'seizing', 'convulsing', 'convulsions', 'turning blue', 'gone blue', 'lost consciousness', 'losing consciousness'],
    // What is about to happen: "I'm gonna pass out", "I think I'll faint".
    soon: ['going to', 'gonna', 'about to', 'might', 'will', 'll', 'feel like i', 'think i m going to', 'could'],
    collapseVerb: ['faint', 'pass out', 'collapse', 'black out', 'keel over', 'fall over', 'fall down', 'lose consciousness', 'throw up and faint'],
    fall: ['fell', 'fallen', 'has fallen', 'took a fall', 'slipped', 'tripped', 'fell down', 'fell off'],
    fallHarm: ['balcony', 'roof', 'ladder', 'window', 'scaffolding', 'railing', 'height', 'not getting up', 'isn t getting up', 'isnt getting up', 'can t get up', 'cant get up', 'cannot get up', 'stairs', 'steps', 'hurt', 'bleeding', 'can t get up', 'cant get up', 'head', 'hip', 'floor', 'ground', 'badly', 'hard'],
    // Breathing and choking: an emergency on its own.
    breath: ['can t breath', 'cant breath', 'cannot breath', 'hart attack', 'can t breathe', 'cant breathe', 'cannot breathe', 'can not breathe', 'couldn t breathe', 'hardly breathe', 'barely breathe', 'trouble breathing', 'difficulty breathing', 'struggling to breathe', 'hard to breathe', 'short of breath', 'out of breath and', 'can t catch my breath', 'cant catch my breath', 'choking', 'choked', 'suffocat*', 'gasping', 'throat is closing', 'throat is swelling', 'throat swelling', 'tongue is swelling'],
    // A vital part of the body …
    body: ['one side of my face', 'side of his face', 'side of her face', 'half my face', 'half of my face', 'one side of my body', 'chest', 'heart', 'throat', 'left arm', 'lungs', 'face', 'lips', 'tongue', 'jaw'],
    // … with what is wrong with it.
    symptom: ['clutching', 'clutches', 'grabbing', 'grabbed', 'hurts', 'hurting', 'pain', 'pains', 'aching', 'tight', 'tightness', 'pressure', 'crushing', 'numb', 'swelling', 'swollen', 'drooping', 'droops', 'stabbing', 'burning', 'squeezing'],
    bleed: ['bleeding', 'bleeds', 'blood everywhere', 'lot of blood', 'lots of blood', 'losing blood', 'so much blood', 'blood is pouring', 'gushing'],
    broke: ['broke', 'broken', 'fractured', 'twisted', 'dislocated', 'sprained'],
    bone: ['leg', 'arm', 'ankle', 'wrist', 'hip', 'bone', 'neck', 'ribs', 'rib', 'collarbone', 'knee', 'shoulder', 'skull', 'nose'],
    cut: ['cut myself', 'cut himself', 'cut herself', 'cut my', 'cut his', 'cut her', 'sliced', 'gash'],
    injury: ['vomiting blood', 'throwing up blood', 'coughing up blood', 'coughing blood', 'drink was spiked', 'spiked my drink', 'been drugged', 'was drugged', 'hit by a car', 'hit by a bus', 'hit by a bike', 'run over', 'knocked down by', 'knocked over by a', 'hit in the head', 'hit on the head', 'head injury', 'concussion', 'hit my head',  'hit his head', 'hit her head', 'banged my head', 'banged his head', 'banged her head', 'burned myself', 'burnt myself', 'stabbed', 'been shot', 'got shot', 'was shot', 'stung', 'bitten', 'overdosed', 'overdosing', 'poisoned', 'electrocuted', 'electric shock', 'water broke', 'waters broke', 'my water * broke', 'my waters * broke', 'her water * broke', 'her waters * broke', 'in labour', 'in labor', 'gone into labour', 'going into labour', 'baby is coming', 'contractions', 'split his head', 'split her head', 'split my head', 'head open', 'is hurt', 's hurt', 'got hurt', 'are hurt', 'am hurt', 'm hurt', 'badly hurt', 'seriously hurt', 'is injured', 'got injured', 'are injured', 'm injured', 'am injured', 'injured'],
    injuryHow: ['open', 'bad', 'badly', 'deep', 'won t stop', 'wont stop', 'stairs', 'ankle', 'leg', 'arm', 'wrist', 'hip', 'swelling', 'blood', 'bleeding', 'everywhere', 'help', 'throat'],
    // Fire, smoke, gas: a danger noun with something that makes it present.
    fire: ['sparks', 'fire', 'flames', 'flame', 'smoke', 'smoky', 'blaze', 'burning smell', 'smell of burning'],
    present: ['can see', 'i see', 'seeing', 'there s', 'theres', 'there is', 'coming', 'pouring', 'billowing', 'spreading', 'rising', 'everywhere', 'full of', 'filling', 'out of', 'caught', 'catching', 'started', 'broke out', 'is on', 'are on', 'so much', 'lot of', 'lots of', 'black', 'in the', 'from the'],
    burning: ['on fire', 'in flames', 'caught fire', 'catching fire', 'is burning', 'are burning', 's burning', 'burning down', 'ablaze'],
    gas: ['smell gas', 'smells of gas', 'smells like gas', 'smell of gas', 'gas smell', 'gas leak', 'leaking gas', 'carbon monoxide'],
    // Threats and violence.
    weapon: ['knife', 'gun', 'pistol', 'rifle', 'weapon', 'blade', 'machete', 'firearm', 'knives', 'guns'],
    wielding: ['has', 'with', 'holding', 'waving', 'pointing', 'pulled', 'pulling', 'brandishing', 'carrying', 'armed', 'got'],
    // Violence against someone here, said so that it is clear alone.
    attack: ['being sexually harassed', 'being harassed', 'being followed', 'being attacked', 'being threatened', 'being stalked', 'being groped', 'sexually harassed', 'sexually assaulted', 'attacking me', 'attacked me', 'attacking us', 'attacked', 'assaulted', 'mugged', 'robbed', 'stabbed', 'stabbing', 'been shot', 'is shooting', 's shooting', 'shots fired', 'gunshots', 'punched me', 'hit me', 'hitting me', 'hurting me', 'beat me', 'beating me', 'beaten up', 'beating someone', 'grab my', 'grabbed my', 'grabbing my', 'steal my', 'stole my', 'stealing my', 'snatched my', 'following me', 'followed me', 'following us', 'stalking me', 'stalking', 'harassing me', 'harassing us', 'threatening me', 'threatened me', 'threatening us', 'chasing me', 'touching me', 'groping', 'intruder', 'breaking in', 'broke in', 'broken in', 'has broken in', 'break into', 'breaking into', 'broke into', 'broken into', 'there s a fight', 'theres a fight', 'a fight outside', 'won t leave me alone', 'wont leave me alone'],
    // Asking for emergency services.
    call: ['call', 'calling', 'get', 'phone', 'ring', 'dial', 'send for', 'fetch', 'need', 'needs', 'we need', 'i need', 'someone call', 'get us'],
    service: ['ambulance', 'paramedic', 'paramedics', 'medic', 'medics', 'doctor', 'a doctor', 'nurse', 'first aider', 'police', 'cops', 'fire brigade', 'fire department', 'firefighters', 'fire service', 'security', '911', '999', '112', 'emergency services'],
    urgent: ['quick', 'quickly', 'now', 'right now', 'hurry', 'fast', 'immediately', 'asap', 'urgent', 'urgently', 'please', 'help', 'emergency', 'someone', 'somebody'],
    ems: ['ambulance', 'paramedics', 'emergency services', '911', '999', '112'],
    // Staff: a role, a way of asking for one, a question whether one is there.
    role: ['human', 'humans', 'human being', 'real person', 'actual person', 'live person', 'person', 'staff', 'staff member', 'member of staff', 'members of staff', 'someone from staff', 'somebody from staff', 'employee', 'employees', 'worker', 'someone who works here', 'somebody who works here', 'anyone who works here', 'anybody who works here', 'someone from reception', 'somebody from reception', 'someone at the desk', 'somebody at the desk', 'someone at reception', 'receptionist', 'manager', 'supervisor', 'attendant', 'operator', 'concierge', 'security guard', 'someone in charge', 'person in charge', 'people from the organisation', 'people from the organization', 'someone from the organisation', 'someone from the organization', 'anyone from the organisation', 'organisers', 'organizers', 'your colleagues', 'your colleague', 'one of your colleagues', 'a colleague of yours', 'your staff', 'your people', 'someone from your staff', 'member of your team', 'someone from your team', 'your team', 'someone from the company', 'somebody from the company', 'in charge', 'whoever is responsible'],
    // The desk is a place as well as the people at it: asking the way there is no request.
    desk: ['reception', 'front desk', 'the desk', 'information desk', 'help desk'],
    ask: ['complain', 'complaint', 'assistance', 'word with', 'a word', 'talk', 'talking', 'speak', 'speaking', 'see', 'get', 'call', 'fetch', 'bring', 'send', 'need', 'put me through', 'connect me', 'transfer me', 'help', 'helps', 'come', 'come over', 'assist', 'serve', 'attend', 'prefer', 'rather', 'page', 'find me', 'over here'],
    anyoneHere: ['hello anyone', 'hello anybody', 'hello is anyone', 'hi anyone', 'anybody there', 'anyone there', 'anybody here', 'anyone here', 'somebody there', 'someone there', 'anyone around', 'anybody around'],
    whether: ['is there', 'are there', 'isn t there', 'isnt there', 'any', 'where can i find', 'where do i find', 'where are the', 'where s the', 'where is the', 'where is a', 'where s a', 'where is your', 'where are your'],
    someoneCome: ['someone come', 'somebody come', 'anyone come', 'anybody come', 'someone coming', 'get someone', 'get somebody', 'get me someone', 'get me somebody', 'fetch someone', 'fetch somebody', 'send someone', 'send somebody', 'send over someone', 'call someone over', 'call somebody over'],
    anyoneThere: ['is anyone', 'is anybody', 'is someone', 'is somebody', 'is there anyone', 'is there anybody', 'is there someone', 'is there somebody', 'anyone', 'anybody', 'nobody', 'no one'],
    around: ['there', 'here', 'around', 'about', 'available', 'working', 'on duty', 'at the desk', 'in the office', 'i could talk to', 'i can talk to', 'to talk to', 'to help', 'who can help'],
    want: ['want', 'wanna', 'd like', 'would like', 'd rather have', 'need', 'prefer'],
    human: ['human', 'a human', 'human being', 'real person', 'actual person', 'live person', 'a person', 'person', 'real human', 'someone real'],
    notRobot: ['not a robot', 'don t want a robot', 'dont want a robot', 'no robot', 'no robots', 'not a machine', 'not you', 'not with a robot', 'not to a robot'],
    anyone: ['someone', 'somebody', 'anyone', 'anybody', 'a person', 'a human', 'whoever'],
    come: ['come', 'come over', 'come here', 'coming'],
    // Violence against someone else ("a guy is hitting her").
    hit: ['threatening', 'harassing', 'menacing', 'hitting', 'beating', 'punching', 'kicking', 'attacking', 'strangling', 'stabbing', 'beating up', 'hit', 'punched', 'kicked', 'pushed', 'shoving'],
    hitIdiom: ['hit the', 'hit it', 'hit on', 'hitting on', 'hitting the', 'hit me up', 'beating me at', 'kicking off'],
    // A visitor expected by someone is no request for help.
    appointment: ['appointment', 'meeting with', 'here to see', 'i m expected', 'expecting me', 'booked'],
    // Asking the way to the desk is not asking for a person.
    // Something dangerous swallowed; a known condition turning acute.
    ingest: ['swallowed', 'swallow', 'ate', 'eaten', 'drank', 'drunk', 'took too many', 'taken too many', 'overdosed on'],
    hazard: ['battery', 'batteries', 'button battery', 'pills', 'tablets', 'poison', 'bleach', 'chemicals', 'detergent', 'magnet', 'magnets', 'coin', 'cleaning', 'medicine', 'rat poison'],
    condition: ['dementia', 'alzheimer*', 'diabetic', 'epileptic', 'asthmatic', 'asthma', 'allergic', 'heart condition', 'pregnant', 'heart problem', 'heart problems'],
    acute: ['wandered off', 'can t find', 'cant find', 'gone missing', 'is missing', 'shaking', 'confused', 'sweating', 'attack', 'fit', 'pale', 'not making sense', 'slurring', 'can t', 'cant', 'collaps*', 'fainted', 'swelling', 'bleeding', 'pain', 'contractions', 'wheezing', 'hypo', 'going into'],
    steal: ['grabbed', 'snatched', 'stole', 'stolen', 'nicked', 'robbed', 'pickpocket*', 'took off with', 'ran off with', 'ran away with'],
    belonging: ['bag', 'purse', 'wallet', 'phone', 'handbag', 'backpack', 'laptop', 'suitcase'],
    smell: ['smell', 'smells', 'smelling', 'stink', 'stinks', 'reeks'],
    smellOf: ['gas', 'burning', 'smoke', 'something burning'],
    armed: ['armed'],
    talk: ['talk', 'talking', 'speak', 'speaking'],
    // Fire where it belongs.
    tameFire: ['fireplace', 'fire pit', 'firepit', 'bonfire', 'campfire', 'candle', 'candles', 'barbecue', 'bbq', 'grill', 'stove', 'fire place'],
    servicePlace: ['siren*', 'driving past', 'drove past', 'station', 'entrance', 'depot', 'headquarters', 'bay', 'next door', 'number', 'appointment', 'museum', 'training', 'course'],
    dying: ['going to die', 'gonna die', 'bleeding to death', 'about to die'],
    dyingNow: ['dying', 'is dying', 's dying', 'm dying', 'am dying', 'are dying'],
    // A child lost in the building.
    lose: ['can t find', 'cant find', 'cannot find', 'lost', 'lost sight of', 'don t know where', 'dont know where'],
    child: ['my son', 'my daughter', 'my boy', 'my girl', 'my little boy', 'my little girl', 'my child', 'my kid', 'my baby', 'my toddler', 'our son', 'our daughter', 'our child', 'the child', 'a child', 'my grandson', 'my granddaughter', 'my little one'],
    missing: ['is missing', 'went missing', 'has disappeared', 'disappeared', 'is gone', 's gone', 'wandered off', 'ran off', 'is lost', 's lost'],
    // Something heavy fell on someone.
    heavy: ['shelf', 'shelves', 'bookcase', 'cabinet', 'ceiling', 'ladder', 'tv', 'rack', 'beam', 'sign', 'wardrobe', 'scaffolding', 'something heavy', 'door', 'mirror', 'boxes', 'display'],
    crushed: ['fell on', 'fallen on', 'collapsed on', 'landed on', 'crushed', 'trapped', 'pinned', 'came down on', 'fell onto'],
    threat: ['going to hurt', 'gonna hurt', 'going to kill', 'gonna kill', 'wants to hurt', 'wants to kill', 'threatening to hurt', 'threatening to kill', 'threatens to', 'will hurt', 'll hurt', 'll kill', 'going to shoot', 'going to stab'],
    others: ['people', 'everyone', 'everybody', 'someone', 'somebody', 'us', 'them', 'him', 'her', 'himself', 'herself', 'the staff', 'you'],
    quantity: ['too many', 'all his', 'all her', 'all of his', 'all of her', 'a whole bottle of', 'whole bottle of', 'a whole pack of', 'handful of', 'a lot of', 'loads of', 'bottle of'],
    whoCan: ['who can i talk to', 'who can i speak to', 'who do i talk to', 'who do i speak to', 'who should i talk to', 'who should i speak to', 'who can i speak with', 'who can i talk with', 'who can help me', 'who is responsible here', 'who s in charge here'],
    fetchSomeone: ['bring me', 'bring', 'get me', 'find me', 'send me', 'send'],
    breatheVerb: ['breathing', 'breathes', 'breathe'],
    oddly: ['weird', 'weirdly', 'strange', 'strangely', 'funny', 'badly', 'heavily', 'fast', 'shallow', 'wheezing', 'gasping', 'rasping'],
    bleedHow: ['a lot', 'badly', 'heavily', 'really bad', 'from', 'everywhere', 'won t stop', 'wont stop', 'profusely'],
    worksHere: ['working here', 'work here', 'works here', 'on duty'],
    electrics: ['electrics', 'socket', 'sockets', 'wires', 'wiring', 'fuse box', 'cables', 'plug'],
    sparking: ['sparks', 'sparking', 'smoking', 'melting', 'burning'],
    selfHarm: ['threatening to jump', 'going to jump', 'wants to jump', 'about to jump', 'kill himself', 'kill herself', 'kill myself', 'suicide', 'suicidal', 'end my life', 'end it all', 'hurt myself', 'harm myself'],
    directions: ['how do i get', 'how can i get', 'get to', 'go to', 'way to', 'directions', 'where is', 'where s', 'wheres', 'which floor', 'located', 'find the'],
  },
  frames: [
    { signal: 'emergency', slots: ['selfHarm'], window: 1 },
    { signal: 'emergency', slots: ['electrics', 'sparking'], window: 3 },
    { signal: 'emergency', slots: ['breatheVerb', 'oddly'], window: 3 },
    { signal: 'emergency', slots: ['bleed', 'bleedHow'], window: 3 },
    { signal: 'help_requested', slots: ['human', 'worksHere'], window: 4 },
    { signal: 'emergency', slots: ['lose', 'child'], window: 3, ordered: true },
    { signal: 'emergency', slots: ['child', 'missing'], window: 3, ordered: true },
    { signal: 'emergency', slots: ['heavy', 'crushed', 'person'], window: 5 },
    { signal: 'emergency', slots: ['threat', 'others'], window: 2, ordered: true },
    { signal: 'emergency', slots: ['quantity', 'hazard'], window: 2, ordered: true },
    { signal: 'help_requested', slots: ['whoCan'], window: 1 },
    { signal: 'help_requested', slots: ['fetchSomeone', 'anyone'], window: 2, ordered: true },
    { signal: 'emergency', slots: ['dying'], window: 1 },
    { signal: 'emergency', slots: ['person', 'dyingNow'], window: 2, ordered: true },
    { signal: 'emergency', slots: ['ingest', 'hazard'], window: 4, ordered: true },
    { signal: 'emergency', slots: ['condition', 'acute'], window: 8 },
    { signal: 'emergency', slots: ['steal', 'belonging'], window: 4 },
    { signal: 'emergency', slots: ['smell', 'smellOf'], window: 4 },
    { signal: 'emergency', slots: ['person', 'armed'], window: 3 },
    { signal: 'help_requested', slots: ['talk', 'anyone'], window: 3, ordered: true },
    { signal: 'emergency', slots: ['person', 'collapse'], window: 8 },
    { signal: 'emergency', slots: ['collapseSure'], window: 1 },
    { signal: 'emergency', slots: ['soon', 'collapseVerb'], window: 4, ordered: true },
    { signal: 'emergency', slots: ['person', 'fall', 'fallHarm'], window: 9, ordered: true },
    { signal: 'emergency', slots: ['breath'], window: 1 },
    { signal: 'emergency', slots: ['body', 'symptom'], window: 5 },
    { signal: 'emergency', slots: ['person', 'bleed'], window: 6 },
    { signal: 'emergency', slots: ['broke', 'bone'], window: 4 },
    { signal: 'emergency', slots: ['cut', 'injuryHow'], window: 7 },
    { signal: 'emergency', slots: ['injury'], window: 1 },
    { signal: 'emergency', slots: ['fire', 'present'], window: 5, unless: ['tameFire'] },
    { signal: 'emergency', slots: ['burning'], window: 1 },
    { signal: 'emergency', slots: ['gas'], window: 1 },
    { signal: 'emergency', slots: ['weapon', 'wielding'], window: 5 },
    { signal: 'emergency', slots: ['attack'], window: 1 },
    { signal: 'emergency', slots: ['call', 'service'], window: 4, ordered: true, unless: ['servicePlace'] },
    { signal: 'emergency', slots: ['service', 'urgent'], window: 3 },
    { signal: 'emergency', slots: ['ems'], window: 1, unless: ['servicePlace'] },
    { signal: 'help_requested', slots: ['role', 'ask'], window: 5, unless: ['appointment'] },
    { signal: 'help_requested', slots: ['want', 'human'], window: 3, ordered: true },
    { signal: 'help_requested', slots: ['notRobot', 'human'], window: 8 },
    { signal: 'help_requested', slots: ['anyone', 'come'], window: 3, ordered: true },
    { signal: 'emergency', slots: ['hit', 'person'], window: 3, ordered: true, unless: ['hitIdiom'] },

    { signal: 'help_requested', slots: ['whether', 'role'], window: 4, ordered: true },
    { signal: 'help_requested', slots: ['desk', 'ask'], window: 5, unless: ['directions', 'appointment'] },
    { signal: 'help_requested', slots: ['someoneCome'], window: 1 },
    { signal: 'help_requested', slots: ['anyoneHere'], window: 1 },
    { signal: 'help_requested', slots: ['anyoneThere', 'around'], window: 5, ordered: true },
  ],
  negators: ['nearly', 'almost', 'practically', 'virtually', 'not', 'no', 'nobody', 'no one', 'noone', 'never', 'nothing', 't', 'dont', 'isnt', 'wasnt', 'doesnt', 'didnt', 'arent', 'without', 'neither', 'nor'],
  past: ['when i was a kid', 'when i was little', 'when i was young', 'when i was a child', 'as a kid', 'as a child', 'years ago', 'year ago', 'months ago', 'weeks ago', 'last year', 'last month', 'used to', 'history of', 'recovered', 'i m fine now', 'im fine now', 'died of', 'died from', 'passed away'],
};
