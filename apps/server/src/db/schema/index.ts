export * from './users';
export * from './auth';
export * from './groups';
export * from './lists';
export * from './expenses';
export * from './chores';
export * from './ocr';
