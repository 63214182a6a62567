export * from './money';
export * from './cost-summary';
export * from './item-line';
export * from './list-import';
export * from './expense-split';
export * from './settle-share';
export * from './balances';
export * from './splitwise-import';
