export * from './constants';
export * from './recurring';
export * from './schemas';
export * from './split';
export * from './stock';
export * from './words';
export * from './wages';
