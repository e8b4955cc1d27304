/** Types of run-command.mjs for the TypeScript that imports it (server/src/test/commands.ts, tests/empty-portal.e2e.ts). */
export interface CommandResult {
  code: number | null;
  out: string;
  err: string;
}
export function runCommand(
  name: 'seed' | 'import' | 'backup' | 'restore',
  args: string[],
  dataDir: string,
  callerDir: string,
  extraEnv?: Record<string, string>,
): Promise<CommandResult>;
