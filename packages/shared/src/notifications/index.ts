export * from './kinds';
export * from './quiet-hours';
export * from './schemas';
