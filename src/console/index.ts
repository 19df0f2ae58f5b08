export { runConsole } from './repl.js';
export type { ConsoleOptions } from './repl.js';
