import { serviceUnavailable } from '../http/errors.ts';
import { settings, type SettingName } from './settings.ts';

const known = new Set<string>(settings.map((s) => s.name));
/** The reason last logged for each setting refused, so that each is logged once, not on every request. */
const logged = new Map<string, string>();

/** The settings held in Key Vault in Azure (`secret: true` in settings.ts): read only through requireSecret. */
export type SecretSettingName = Extract<(typeof settings)[number], { secret: true }>['name'];
/** Every other setting. */
export type PlainSettingName = Exclude<SettingName, SecretSettingName>;

/**
 * The only place that reads the environment. Names are checked against the settings list so that the
 * infrastructure program, which sets that list, cannot miss one the code reads.
 */
function environmentValue(name: SettingName): string | undefined {
  if (!known.has(name)) throw new Error(`unknown setting ${name}`);
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * What App Service leaves in a setting whose Key Vault reference did not resolve (the vault unreachable,
 * the identity without access, the secret missing): the reference itself, as text.
 */
const KEY_VAULT_REFERENCE = /^@microsoft\.keyvault\(/i;
const UNRESOLVED = 'it holds a Key Vault reference that did not resolve (App Service passes the reference on as text)';

/**
 * A setting that is no secret (a secret's name does not compile here: see requireSecret). One that holds a
 * Key Vault reference App Service could not resolve is refused as a secret is (logged once, 503): taken as
 * text it would be mailed from, linked to or compared with as if it were an address.
 */
/** `feature`: what the 503 of an unusable value names as off ('the server' when unsaid). */
export function readSetting(name: PlainSettingName, feature?: string): string | undefined {
  const value = environmentValue(name);
  if (value === undefined || !KEY_VAULT_REFERENCE.test(value.trim())) {
    if (logged.get(name) === UNRESOLVED) logged.delete(name);
    return value;
  }
  if (logged.get(name) !== UNRESOLVED) {
    logged.set(name, UNRESOLVED);
    console.error(`setting ${name} cannot be used: ${UNRESOLVED}; ${feature ?? 'what needs it'} is off until it is set right`);
  }
  throw serviceUnavailable(feature ? `${feature} is not configured on the server: try again later` : 'the server is not configured: try again later');
}

const NOT_SET = 'it is not set';

/**
 * A setting the caller cannot do without. Not set, it is 503 naming the setting, logged once until it is
 * set (never a 500 logged on every request); `feature` as for readSetting.
 */
export function requireSetting(name: PlainSettingName, feature?: string): string {
  const value = readSetting(name, feature);
  if (value !== undefined) {
    if (logged.get(name) === NOT_SET) logged.delete(name);
    return value;
  }
  if (logged.get(name) !== NOT_SET) {
    logged.set(name, NOT_SET);
    console.error(`setting ${name} cannot be used: ${NOT_SET}; ${feature ?? 'what needs it'} is off until it is set right`);
  }
  throw serviceUnavailable(`${feature ?? 'the server'} is not configured (setting ${name} is not set): try again later`);
}

export function readNumberSetting(name: PlainSettingName, fallback: number): number {
  const value = readSetting(name);
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Why a secret's value cannot be used, or undefined when it can. Never names the value. */
export function secretProblem(value: string | undefined, minLength = 1): string | undefined {
  if (value === undefined || value.trim() === '') return 'it is not set';
  if (KEY_VAULT_REFERENCE.test(value.trim())) return UNRESOLVED;
  if (value.length < minLength) return `it is shorter than ${minLength} characters`;
  return undefined;
}

/**
 * The only way the code reads a secret. A missing value, an unresolved Key Vault reference and a value
 * too short are never used: the refusal is logged once per setting and reason (naming the setting, not
 * the value), and the caller gets 503 saying that `feature` is not configured.
 */
export function requireSecret(name: SecretSettingName, options: { feature: string; minLength?: number }): string {
  const value = environmentValue(name);
  const problem = secretProblem(value, options.minLength);
  if (problem === undefined) {
    logged.delete(name);
    return value!;
  }
  if (logged.get(name) !== problem) {
    logged.set(name, problem);
    console.error(`setting ${name} cannot be used: ${problem}; ${options.feature} is off until it is set right`);
  }
  throw serviceUnavailable(`${options.feature} is not configured on the server: try again later`);
}
