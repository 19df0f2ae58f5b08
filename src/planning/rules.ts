/**
 * The rule-based planner's patterns: what asks the robot to look, and what asks it to search the
 * web, in the robot's languages.
 */

/** Lower case, one kind of apostrophe, single spaces: what the patterns are written against. */
export function normalizeUtterance(text: string): string {
  return text.toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim();
}

/** \b that knows accented letters: "météo", "actualités" end in a letter too. */
const BOUNDARY = '(?:(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}])|(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}]))';
export const unicode = (patterns: readonly RegExp[]) => patterns.map((p) => new RegExp(p.source.replaceAll('\\b', BOUNDARY), 'u'));

const VISION: readonly RegExp[] = unicode([
  // English
  /\bwhat (?:do|can) you see\b/,
  /\bwhat are you (?:seeing|looking at)\b/,
  /\b(?:can|do) you see (?:me|this|that|it|what|my|anything|anyone|who)\b/,
  /\bwhat (?:am i|i'm|is he|is she|are they) (?:holding|wearing|carrying|showing|doing)\b/,
  // "What is this?" alone, not "what is that supposed to mean".
  /\bwhat(?:'s| is) (?:this|that)(?: thing| object| here| there| i'm holding| i am holding)?\s*[?!.]*$/,
  /\bwhat(?:'s| is) (?:in my hands?|in front of you|behind me|around you)\b/,
  /\bhow do i look\b/,
  /\bdo i look\b/,
  /\bdescribe (?:me|what you see|this|that|my|the room|the scene|what's)\b/,
  /\blook at (?:me|this|that|my|it)\b/,
  /\bwhat colou?r (?:is|are) (?:my|this|that|these|those)\b/,
  /\bhow many (?:fingers|people|persons)\b/,
  /\bwho is (?:next to|behind|with) me\b/,
  // German
  /\bwas siehst du\b/,
  /\bsiehst du (?:mich|das|dies|es|was|etwas|jemanden|meine?[nmrs]?)\b/,
  /\bwas (?:halte|trage|habe) ich (?:da |hier )?(?:in der hand|in den händen|in meiner hand|an|auf)\b/,
  /\bwas (?:halte|trage) ich\b/,
  /\bwie sehe ich aus\b/,
  /\bwas ist (?:das|dies) (?:hier|da)\b/,
  /\bschau (?:mich|dir das|dir mal|mal)\b/,
  /\bbeschreib(?:e)? (?:mich|was du siehst|das|die szene|den raum)\b/,
  /\bwelche farbe ha(?:t|ben) (?:mein|meine|das|dies|die)\b/,
  /\bwie viele finger\b/,
  // French
  /\bqu'est-ce que tu vois\b/,
  /\bque vois-tu\b/,
  /\btu vois quoi\b/,
  /\btu (?:me|nous) vois\b/,
  /\bqu'est-ce que (?:je tiens|j'ai dans la main|j'ai dans les mains|je porte)\b/,
  /\bque (?:tiens|porte)-je\b/,
  /\bde quoi j'ai l'air\b/,
  /\bregarde(?:-moi| ça| ceci| ce que)\b/,
  /\bdécris(?:-moi)? (?:ce que tu vois|la scène|la pièce|moi)\b/,
  /\bc'est quoi (?:ça|ce truc|ceci)\b/,
  /\bqu'est-ce que c'est que (?:ça|ceci)\b/,
  /\bde quelle couleur (?:est|sont) (?:mon|ma|mes|ce|cette|ces)\b/,
  /\bcombien de doigts\b/,
  // Spanish
  /\bqué (?:ves|estás viendo)\b/,
  /\bme (?:ves|estás viendo)\b/,
  /\bqué (?:tengo|llevo|sostengo) (?:en la mano|en las manos|puesto|puesta)\b/,
  /\bcómo me veo\b/,
  /\bmira(?:me| esto| lo que)\b/,
  /\bdescribe (?:lo que ves|la escena|la habitación)\b/,
  /\bqué es (?:esto|eso)\s*[?!.]*$/,
  /\bde qué color (?:es|son) (?:mi|mis|este|esta|estos|estas)\b/,
  /\bcuántos dedos\b/,
  // Chinese
  /你(?:能|可以)?看(?:到|见)(?:了)?(?:什么|啥)/,
  /你(?:能|可以)?看(?:到|见|得见)我/,
  /我(?:手里|手上)(?:拿|有|拿着)/,
  /我(?:拿|穿|戴)着(?:什么|啥)/,
  /我看起来(?:怎么样|如何)/,
  /这是什么(?!意思)/,
  /描述一下(?:你看到的|我)/,
  /看看(?:我|这个)/,
  /什么颜色/,
  /几根手指/,
]);

const SEARCH: readonly RegExp[] = unicode([
  /\b(?:search|google|look up|look it up|browse)\b/,
  /\b(?:on|from) the (?:internet|web)\b/,
  /\b(?:news|weather|forecast|stock price|exchange rate|who won|latest|headlines)\b/,
  /\b(?:such(?:e|en)?|google|recherchier(?:e|en)?)\b/,
  /\bim (?:internet|netz|web)\b/,
  /\b(?:nachrichten|wetter|wettervorhersage|aktienkurs|wechselkurs)\b/,
  /\b(?:cherche|recherche|google)\b/,
  /\bsur (?:internet|le web)\b/,
  /\b(?:actualités|nouvelles|météo|cours de)\b/,
  /\b(?:busca|búscame|googlea|investiga)\b/,
  /\ben (?:internet|la web)\b/,
  /\b(?:noticias|el tiempo|pronóstico|clima)\b/,
  /搜索|搜一下|查一下|上网|网上|新闻|天气/,
]);

/** Whether the person asks the robot to look at something now (the camera), in any of its languages. */
export function asksToLook(text: string): boolean {
  const t = normalizeUtterance(text);
  return VISION.some((p) => p.test(t));
}

/** Whether the person asks for a web search, or for something only the web knows (news, weather). */
export function asksToSearch(text: string): boolean {
  const t = normalizeUtterance(text);
  return SEARCH.some((p) => p.test(t));
}
