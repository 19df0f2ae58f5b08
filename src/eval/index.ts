export { loadScenario, parseScenario, scenarioFiles, ScenarioFileError, ScenarioSchema } from './scenario.js';
export type { Expectation, Scenario, Step, Visitor } from './scenario.js';
export { runScenarios, runScenario } from './run.js';
export type { EvalReport, RunOptions, ScenarioReport, VisitReport } from './run.js';
export { markdownReport, writeReports } from './report.js';
export { END_MARK, JUDGE_PROMPT_START, VISITOR_PROMPT_START, judge, visitorSays } from './simulate.js';
export type { SimLine, SimModels, Verdict } from './simulate.js';
export { at, mismatches, toRegex } from './match.js';
