import { serviceUnavailable } from '../http/errors.ts';
import { readSetting } from './config.ts';
import type { settings } from './settings.ts';

/** The settings held in Key Vault in Azure (`secret: true` in settings.ts). */
export type SecretSettingName = Extract<(typeof settings)[number], { secret: true }>['name'];

/**
 * What App Service leaves in a setting whose Key Vault reference did not resolve (the vault unreachable,
 * the identity without access, the secret missing): the reference itself, as text.
 */
const KEY_VAULT_REFERENCE = /^@microsoft\.keyvault\(/i;

/** Why a secret's value cannot be used, or undefined when it can. Never names the value. */
export function secretProblem(value: string | undefined, minLength = 1): string | undefined {
  if (value === undefined || value.trim() === '') return 'it is not set';
  if (KEY_VAULT_REFERENCE.test(value.trim())) return 'it holds a Key Vault reference that did not resolve (App Service passes the reference on as text)';
  if (value.length < minLength) return `it is shorter than ${minLength} characters`;
  return undefined;
}

const logged = new Map<string, string>();

/**
 * The only way the code reads a secret. A missing value, an unresolved Key Vault reference and a value
 * too short are never used: the refusal is logged once per setting and reason (naming the setting, not
 * the value), and the caller gets 503 saying that `feature` is not configured.
 */
export function requireSecret(name: SecretSettingName, options: { feature: string; minLength?: number }): string {
  const value = readSetting(name);
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
