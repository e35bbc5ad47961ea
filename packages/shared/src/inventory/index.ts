export * from './constants';
export * from './movement';
export * from './schemas';
export * from './words';
