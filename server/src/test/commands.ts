/** The project's commands (`npm run seed`, `npm run import`, `backup`, `restore`) run by tests as npm would run them. */
export { runCommand, type CommandResult } from '../../../scripts/lib/run-command.mjs';
