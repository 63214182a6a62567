export * from './limits';
export * from './errors';
export * from './common';
export * from './auth';
export * from './users';
export * from './health';
export * from './runtime-config';
