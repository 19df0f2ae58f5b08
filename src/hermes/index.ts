export { wireHermes } from './adapter.js';
