export * from './auth';
export * from './farms';
export * from './audit';
export * from './contact';
export * from './inventory';
