/**
 * Settings renamed so that a unit has one name everywhere (graph node, agent, `llm.agents.<name>`,
 * log fields, metric labels). The old keys are still read for one release, with a warning that
 * names the new key; README lists them.
 */
export const RENAMED_SETTINGS: readonly { from: string; to: string }[] = [
  { from: 'llm.agents.extraction', to: 'llm.agents.memory_update' },
  { from: 'llm.agents.contextualizer', to: 'llm.agents.contextualize' },
  { from: 'llm.agents.planner', to: 'llm.agents.plan' },
  { from: 'agents.planner', to: 'plan.useModel' },
  { from: 'planner.historyMessages', to: 'plan.historyMessages' },
  { from: 'planner.maxSteps', to: 'plan.maxSteps' },
];

type Doc = { [key: string]: unknown };
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Moves old keys of a configuration document to their new place (the new key wins when both are
 * set); returns one warning per old key found. An emptied old section is removed.
 */
export function renameSettings(doc: Doc): string[] {
  const warnings: string[] = [];
  for (const { from, to } of RENAMED_SETTINGS) {
    const path = from.split('.');
    const parent = path.slice(0, -1).reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
    const leaf = path.at(-1)!;
    if (!isObject(parent) || !(leaf in parent)) continue;
    const value = parent[leaf];
    delete parent[leaf];
    if (path.length > 1 && Object.keys(parent).length === 0) removeEmpty(doc, path.slice(0, -1));
    const target = to.split('.');
    let node = doc;
    for (const key of target.slice(0, -1)) {
      if (!isObject(node[key])) node[key] = {};
      node = node[key] as Doc;
    }
    if (!(target.at(-1)! in node)) node[target.at(-1)!] = value;
    warnings.push(`setting "${from}" is renamed "${to}"; the old name is read for one more release`);
  }
  return warnings;
}

function removeEmpty(doc: Doc, path: string[]): void {
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
  if (isObject(parent)) delete parent[path.at(-1)!];
}

/** The environment variable of a renamed setting (NADINE_AGENTS__PLANNER → NADINE_PLAN__USE_MODEL), or null. */
export function renamedEnvName(name: string, prefix: string): { name: string; warning: string } | null {
  const normalize = (s: string) => s.replace(/_/g, '').toLowerCase();
  const segments = name.slice(prefix.length).split('__').map(normalize);
  for (const { from, to } of RENAMED_SETTINGS) {
    const old = from.split('.').map(normalize);
    if (old.length !== segments.length || old.some((s, i) => s !== segments[i])) continue;
    const renamed = prefix + to.split('.').map((s) => s.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()).join('__');
    return { name: renamed, warning: `${name} names the renamed setting "${from}"; use ${renamed} ("${to}"); the old name is read for one more release` };
  }
  return null;
}
