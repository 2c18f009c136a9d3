// Imported before @fluentui/react: without this, Fluent loads Segoe UI from a Microsoft CDN, which the
// CSP forbids and which is not reachable everywhere the portal runs. System fonts are used instead.
(window as unknown as { FabricConfig: unknown }).FabricConfig = { fontBaseUrl: '' };
export {};
