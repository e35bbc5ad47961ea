export * from './constants';
export * from './orders';
export * from './listings';
export * from './payouts';
export * from './ratings';
export * from './disputes';
export * from './moderation';
export * from './admin';
