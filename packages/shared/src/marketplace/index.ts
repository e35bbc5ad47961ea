export * from './constants';
export * from './listings';
