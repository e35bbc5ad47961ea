export * from './constants';
export * from './quantity';
export * from './movement';
export * from './schemas';
export * from './words';
export * from './units';
