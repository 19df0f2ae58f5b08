/**
 * Switches the reference robot sets, under its own names. Each is a documented alias of one
 * setting: accepted with a log line that names the setting, so that the robot's environment starts
 * the daemon unchanged. The canonical variable (NADINE_AGENTS__MEMORY…) wins when both are set.
 */
export const ENV_ALIASES: Readonly<Record<string, readonly string[]>> = {
  NADINE_ENABLE_MEMORY_AGENTS: ['agents', 'memory'],
  NADINE_ENABLE_VISION_AGENT: ['agents', 'vision'],
};

export interface AppliedAlias {
  /** The variable as the robot set it. */
  name: string;
  /** The setting it maps to, e.g. agents.memory. */
  setting: string;
  value: boolean;
}

const BOOLEAN: Record<string, boolean> = { '0': false, '1': true, false: false, true: true };

/** The alias's value as a boolean, or the problem with it (the switches take 0, 1, true or false). */
export function aliasValue(name: string, raw: string): AppliedAlias | string {
  const setting = ENV_ALIASES[name]!.join('.');
  const value = BOOLEAN[raw.trim().toLowerCase()];
  if (value === undefined) return `${name}: must be 0, 1, true or false (got "${raw}"); it is an alias of ${setting}`;
  return { name, setting, value };
}
