/**
 * `npm run import -- <kind> <file.xlsx|file.csv>` imports a list of the university into the
 * database of DATABASE_URL, or the embedded one in DATA_DIR, as `npm start` and `npm run seed` find
 * theirs (docs/areas/imports.md). It prints the preview; exit code 1 when a row is refused or the file
 * cannot be read, 2 for a wrong command line. `npm run import -- template <kind>` writes `<kind>.xlsx`;
 * `npm run import -- export <kind> <file.xlsx>` writes the kind's records in the template's shape.
 * The new accounts of a students or teachers import go to an .xlsx file readable by its owner only (0600).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/common';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind } from '@contract/imports';
import { loadConfig } from '../config';
import { dbTargetFromConfig, openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { accountsFile, exportable, exportFile, templateFile, writeNewFile } from '../modules/imports/imports.files';
import { fileErrorText, previewLines } from '../modules/imports/imports.preview';
import { ImportFileError, ImportService } from '../modules/imports/imports.service';
import { COMMAND, FILE_PROBLEMS, WORDS, say } from '../modules/imports/imports.texts';
import { reasonOf } from './reason';

class UsageError extends Error {}

/** Where the command was typed: npm runs scripts in the project's folder and says the caller's in INIT_CWD. */
const callerDir = process.env.INIT_CWD ?? process.cwd();
const fromCaller = (file: string) => path.resolve(callerDir, file);

/** The language of --lang, else of LANG (ky_KG, ru_RU.UTF-8, en_US...), else Russian. */
function languageOf(flag: string | undefined): Language {
  const pick = (value: string | undefined): Language | null => {
    const base = value?.toLowerCase().split(/[_.@-]/)[0];
    if (base === 'ky' || base === 'kg') return 'kg';
    return LANGUAGES.find((l) => l === base) ?? null;
  };
  return pick(flag) ?? pick(process.env.LANG) ?? DEFAULT_LANGUAGE;
}

interface Args {
  positional: string[];
  dryRun: boolean;
  validOnly: boolean;
  lang: Language;
  accounts?: string;
}

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dry-run' || a === '--valid-only') flags[a] = true;
    else if (a === '--lang' || a === '--accounts') {
      if (argv[i + 1] === undefined) throw new UsageError();
      flags[a] = argv[++i];
    } else if (a.startsWith('--')) throw new UsageError();
    else positional.push(a);
  }
  const lang = flags['--lang'];
  if (typeof lang === 'string' && !['ru', 'en', 'kg', 'ky'].includes(lang)) throw new UsageError();
  return {
    positional,
    dryRun: flags['--dry-run'] === true,
    validOnly: flags['--valid-only'] === true,
    lang: languageOf(typeof lang === 'string' ? lang : undefined),
    accounts: typeof flags['--accounts'] === 'string' ? flags['--accounts'] : undefined,
  };
}

function kindOf(text: string | undefined, lang: Language): ImportKind {
  if (text === undefined) throw new UsageError();
  const kind = IMPORT_KINDS.find((k) => k === text);
  if (!kind) throw new Failure(say(COMMAND.unknownKind, lang, { kind: text, kinds: IMPORT_KINDS.join(', ') }), 2);
  return kind;
}

class Failure extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** Writes a new file readable by its owner only; refuses to overwrite one. */
function writeOwnFile(file: string, bytes: Buffer, mode: number, lang: Language): void {
  try {
    writeNewFile(file, bytes, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new Failure(say(COMMAND.fileExists, lang, { file }));
    throw err;
  }
}

async function template(args: Args): Promise<number> {
  const kind = kindOf(args.positional[1], args.lang);
  const file = fromCaller(`${kind}.xlsx`);
  writeOwnFile(file, await templateFile(kind, args.lang), 0o644, args.lang);
  console.log(say(WORDS.template, args.lang, { file }));
  return 0;
}

/** Writes the kind's records to a new .xlsx file, readable by its owner only (the lists hold personal data). */
async function exportList(args: Args): Promise<number> {
  const { lang } = args;
  const kind = kindOf(args.positional[1], lang);
  if (args.positional[2] === undefined || args.positional.length > 3) throw new UsageError();
  const kinds = IMPORT_KINDS.filter(exportable);
  if (!exportable(kind)) throw new Failure(say(COMMAND.notExported, lang, { kind, kinds: kinds.join(', ') }), 2);
  const file = fromCaller(args.positional[2]);
  if (!file.toLowerCase().endsWith('.xlsx')) throw new Failure(say(COMMAND.exportXlsx, lang, { file }), 2);
  if (fs.existsSync(file)) throw new Failure(say(COMMAND.fileExists, lang, { file }));
  const database = await openDatabase(dbTargetFromConfig(loadConfig()));
  try {
    await prepareDatabase(database, { seed: false });
    const { bytes, records } = await exportFile(database.db, kind, lang);
    writeOwnFile(file, bytes, 0o600, lang);
    console.log(say(WORDS.exported, lang, { count: records, file }));
    return 0;
  } finally {
    await database.close();
  }
}

async function runImport(args: Args): Promise<number> {
  const { lang } = args;
  const kind = kindOf(args.positional[0], lang);
  if (args.positional[1] === undefined || args.positional.length > 2) throw new UsageError();
  const file = fromCaller(args.positional[1]);
  const name = path.basename(file);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new Failure(say(COMMAND.noFile, lang, { file }));
  // Refused before it is read.
  if (stat.size > IMPORT_MAX_BYTES) {
    throw new Failure(
      say(FILE_PROBLEMS.tooLarge, lang, { size: (Math.ceil((stat.size / 1024 / 1024) * 10) / 10).toFixed(1), limit: IMPORT_MAX_BYTES / 1024 / 1024 }),
    );
  }
  const bytes = fs.readFileSync(file);
  const accountsPath = fromCaller(args.accounts ?? `accounts-${kind}-${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.xlsx`);
  let accountsWritten = false;

  const config = loadConfig();
  const database = await openDatabase(dbTargetFromConfig(config));
  try {
    await prepareDatabase(database, { seed: false });
    const report = await new ImportService({ db: database.db, now: () => new Date() })
      .run(kind, bytes, name, {
        lang,
        dryRun: args.dryRun,
        validOnly: args.validOnly,
        // Written before the transaction commits: a file that cannot be written leaves the database as it was.
        // On stderr: the preview on stdout stays what it was.
        onStage: (stage, count) => console.error(say(stage === 'compare' ? WORDS.stageCompare : WORDS.stageWrite, lang, { count })),
        onAccounts: async (accounts) => {
          writeOwnFile(accountsPath, await accountsFile(accounts, lang, kind === 'teachers' ? 'teachers' : 'students'), 0o600, lang);
          accountsWritten = true;
        },
      })
      .catch((err: unknown) => {
        // The transaction did not commit: the accounts in the file do not exist.
        if (accountsWritten) fs.rmSync(accountsPath, { force: true });
        throw err;
      });
    for (const line of previewLines(report, name, lang, args)) console.log(line);
    if (report.accounts > 0)
      console.log(say(kind === 'teachers' ? WORDS.teacherAccounts : WORDS.accounts, lang, { count: report.accounts, file: accountsPath }));
    return report.refused.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof ImportFileError) throw new Failure(fileErrorText(err, name, lang));
    if (err instanceof Failure) throw new Failure(say(COMMAND.failed, lang, { reason: err.message }));
    throw err;
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.positional[0] === 'export') return exportList(args);
  return args.positional[0] === 'template' ? template(args) : runImport(args);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const at = process.argv.indexOf('--lang');
    const lang = languageOf(at > 0 ? process.argv[at + 1] : undefined);
    if (err instanceof UsageError) {
      console.error(say(COMMAND.usage, lang, { kinds: IMPORT_KINDS.join(', ') }));
      process.exit(2);
    }
    if (err instanceof Failure) {
      console.error(err.message);
      process.exit(err.code);
    }
    console.error(say(COMMAND.failed, lang, { reason: reasonOf(err) }));
    process.exit(1);
  },
);
