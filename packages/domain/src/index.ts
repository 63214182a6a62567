export * from './money';
export * from './cost-summary';
export * from './item-line';
export * from './list-import';
