export * from './contract.ts';
export * from './ids.ts';
export * from './idField.ts';
export * from './openapi.ts';
export * from './routes/index.ts';
