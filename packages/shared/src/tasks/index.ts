export * from './constants';
export * from './repeat';
export * from './schemas';
