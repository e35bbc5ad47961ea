import { afterAll } from 'vitest';
import { closeFileResources } from './cleanup';

// Runs before every server test file: after the file, close what its test contexts opened.
afterAll(closeFileResources);
