export * from './errors/index';
export * from './permissions/index';
export * from './money/index';
export * from './farms/index';
export * from './auth/index';
export * from './pagination/index';
export * from './audit/index';
