// Loaded as a plain script before the app's modules, so it is set before Fluent UI's code runs (a
// setting made inside the bundle comes too late: the bundler may run Fluent's chunk first). Without
// it, Fluent registers Segoe UI web fonts from Microsoft's CDN, which the CSP forbids; the system
// font stack that follows Segoe UI in Fluent's font family is used instead.
window.FabricConfig = { fontBaseUrl: '' };
