export * from './constants';
export * from './knowledge';
