import { settings, type SettingName } from './settings.ts';

const known = new Set<string>(settings.map((s) => s.name));

/**
 * The only place that reads the environment. Names are checked against the settings list so that the
 * infrastructure program, which sets that list, cannot miss one the code reads.
 */
export function readSetting(name: SettingName): string | undefined {
  if (!known.has(name)) throw new Error(`unknown setting ${name}`);
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function requireSetting(name: SettingName): string {
  const value = readSetting(name);
  if (value === undefined) throw new Error(`setting ${name} is not set`);
  return value;
}

export function readNumberSetting(name: SettingName, fallback: number): number {
  const value = readSetting(name);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}
