/** Run-time settings, served as /config.json next to the build so one build runs in every environment. */
export interface AppConfig {
  apiBaseUrl: string;
  authority: string;
  clientId: string;
  apiScope: string;
  /** Delegated scope of the document store's token (Graph, e.g. https://graph.microsoft.com/Sites.Read.All). */
  documentStoreScope?: string;
  knownAuthorities: string[];
}

let asked: Promise<AppConfig> | undefined;

/** The settings, asked for once a page: the admin's entry asks while its first chunk loads (issue 56). */
export function loadConfig(): Promise<AppConfig> {
  asked ??= readConfig();
  return asked;
}

async function readConfig(): Promise<AppConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`configuration is not available (${response.status})`);
  return (await response.json()) as AppConfig;
}
