export { detectAgreement } from './agreement.js';
export type { Agreement } from './agreement.js';
