export * from './constants';
export * from './knowledge';
export * from './predict';
export * from './season';
export * from './schemas';
export * from './fields';
export * from './area';
