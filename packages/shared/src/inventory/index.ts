export * from './constants';
export * from './movement';
export * from './receipt-expense';
export * from './schemas';
export * from './words';
