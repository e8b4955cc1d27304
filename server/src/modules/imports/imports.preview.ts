/** The preview of an import as lines of text in the reader's language (the command prints them). */
import type { Language } from '@contract/common';
import type { ImportKind, ImportMissing, ImportReport } from '@contract/imports';
import type { ImportFileError } from './imports.sheet';
import { FILE_PROBLEMS, KIND_NAMES, WORDS, quote, say, type Texts } from './imports.texts';

/** The heading of the records the file leaves out, by kind (the students' otherwise). */
const MISSING_TITLES: Partial<Record<ImportKind, Texts>> = {
  departments: WORDS.missingDepartments,
  specialities: WORDS.missingSpecialities,
  timetable: WORDS.missingLessons,
  offerings: WORDS.missingOfferings,
};

/** A record the file leaves out: its key, its name and, in brackets, its group (or faculty), each when there is one. */
export const missingText = (m: ImportMissing) => [m.key, m.name].filter(Boolean).join(' ') + (m.group ? ` (${m.group})` : '');

/** Lines: what is added, what changes (field: before → after), how many are unchanged, every refused row, the students (or the lessons) the file leaves out, and what was written. */
export function previewLines(report: ImportReport, fileName: string, lang: Language, options: { dryRun?: boolean; validOnly?: boolean } = {}): string[] {
  const lines = [
    say(WORDS.heading, lang, { kind: say(KIND_NAMES[report.kind], lang), file: fileName }),
    say(WORDS.rows, lang, { rows: report.rows, empty: report.emptyRows }),
  ];
  if (report.unknownColumns.length > 0) lines.push(say(WORDS.unknownColumns, lang, { columns: report.unknownColumns.map((c) => quote(c, lang)).join(', ') }));
  const at = (line: number) => say(WORDS.line, lang, { line });
  lines.push('', say(WORDS.toAdd, lang, { count: report.added.length }));
  for (const r of report.added) lines.push(`  + ${r.key} (${at(r.line)})`);
  lines.push(say(WORDS.toChange, lang, { count: report.changed.length }));
  for (const r of report.changed) {
    lines.push(`  ~ ${r.key} (${at(r.line)})`);
    for (const c of r.changes) lines.push(`      ${c.field}: ${c.before} → ${c.after}`);
  }
  lines.push(say(WORDS.unchanged, lang, { count: report.unchanged }));
  if (report.refused.length > 0) {
    lines.push('', say(WORDS.refused, lang, { count: report.refused.length }));
    for (const issue of report.refused) {
      const where = issue.column ? `${at(issue.line)}, ${say(WORDS.column, lang, { column: issue.column })}` : at(issue.line);
      lines.push(`  ! ${where}: ${issue.reason}`);
    }
  }
  if (report.missing.length > 0) {
    const lessons = report.kind === 'timetable';
    lines.push('', say(MISSING_TITLES[report.kind] ?? WORDS.missing, lang, { count: report.missing.length }));
    for (const m of report.missing) lines.push(lessons ? `  ? ${m.key} — ${m.name}` : `  ? ${missingText(m)}`);
  }
  lines.push('');
  if (report.written) {
    lines.push(
      say(WORDS.written, lang, {
        added: report.added.length,
        changed: report.changed.length,
        unchanged: report.unchanged,
      }),
    );
    if (report.refused.length > 0) lines.push(say(WORDS.writtenValidOnly, lang));
  } else if (options.dryRun) lines.push(say(WORDS.dryRun, lang));
  else if (report.refused.length > 0 && !options.validOnly) lines.push(say(WORDS.refusedNothingWritten, lang, { count: report.refused.length }));
  else lines.push(say(WORDS.written, lang, { added: 0, changed: 0, unchanged: report.unchanged }));
  return lines;
}

/** Why a file was refused, in the reader's language. */
export function fileErrorText(error: ImportFileError, fileName: string, lang: Language): string {
  return say(FILE_PROBLEMS[error.problem], lang, { file: fileName, ...error.params });
}
