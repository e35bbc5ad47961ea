export * from './units';
export * from './quantity';
export * from './conversions';
