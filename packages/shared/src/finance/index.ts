export * from './constants';
export * from './schemas';
export * from './split';
export * from './words';
