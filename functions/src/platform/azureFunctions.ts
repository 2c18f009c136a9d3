import azureFunctions from '@azure/functions';

// @azure/functions is a CommonJS bundle whose named exports Node's ES module loader cannot see;
// its runtime values are taken from the default export here, once. Types import from the package.
export const { app, HttpRequest, HttpResponse, InvocationContext } = azureFunctions;
