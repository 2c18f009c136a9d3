export * from './roles.ts';
export * from './locales.ts';
export * from './messages.ts';
export * from './entities.ts';
export * from './errors.ts';
export * from './apiPaths.ts';
export * from './schemas/client.ts';
export * from './validation.ts';
