/** Gona's staff only: the guard lives with the others in lib/auth-guard.ts (billing's back office uses it too). */
export { requireAdmin } from '../../lib/auth-guard';
