export * from './schemas';
export * from './periods';
export * from './chart';
export * from './tables';
