/** The project's commands (`npm run seed`, `npm run import`) run by tests as npm would run them. */
import path from 'node:path';

export { runCommand, type CommandResult } from '../../../scripts/lib/run-command.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
