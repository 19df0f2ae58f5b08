import type { Language } from '../config/index.js';
import { languageName } from '../intent/index.js';
import type { LlmMessage } from '../llm/index.js';

const VISION = (language: string) => `You are the eyes of a receptionist robot. The image is what its camera sees right now, looking at the person in front of it.
Answer the person's question from the image: concretely and briefly (one to three sentences), saying only what is visible.
If the image is too dark, blurred or empty to tell, say so. Write in ${language}.`;

export function visionMessages(question: string, language: Language, imageBase64: string): LlmMessage[] {
  return [
    { role: 'system', content: VISION(languageName(language, 'en')) },
    { role: 'user', content: question.slice(0, 1000), images: [imageBase64] },
  ];
}
