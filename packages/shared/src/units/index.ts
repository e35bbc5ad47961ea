// Zod-free on purpose (screens' first loads use it); the quantity input schema is in quantity-schema.ts.
export * from './units';
export * from './quantity';
export * from './conversions';
