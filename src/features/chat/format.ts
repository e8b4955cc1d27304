/** Small display rules of the chat: file names, file kinds, times and day separators. */
import dayjs from 'dayjs';

/** SPEC §2: file names are shown truncated at 20 characters. */
export const FILE_NAME_LIMIT = 20;

export function truncateName(name: string, limit = FILE_NAME_LIMIT): string {
  const chars = [...name];
  return chars.length <= limit ? name : `${chars.slice(0, limit).join('')}…`;
}

export type FileKind = 'pdf' | 'xls' | 'doc' | 'txt' | 'ppt' | 'image' | 'other';

/** The icon family of a file, from its type or name (SPEC §2: pdf, xls/xlsx, doc/docx, txt, ppt/pptx, other). */
export function fileKind(name: string, mime = ''): FileKind {
  if (mime.startsWith('image/')) return 'image';
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf' || mime === 'application/pdf') return 'pdf';
  if (['xls', 'xlsx', 'ods', 'csv'].includes(ext)) return 'xls';
  if (['doc', 'docx', 'odt', 'rtf'].includes(ext)) return 'doc';
  if (ext === 'txt') return 'txt';
  if (['ppt', 'pptx'].includes(ext)) return 'ppt';
  return 'other';
}

/** 1.2 MB, 340 KB, 12 B. */
export function fileSize(bytes: number, units: { b: string; kb: string; mb: string }): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} ${units.mb}`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} ${units.kb}`;
  return `${bytes} ${units.b}`;
}

/** HH:mm of an ISO time. */
export const timeOf = (iso: string) => dayjs(iso).format('HH:mm');

/** 'today', 'yesterday' or DD.MM.YYYY for the separator before the first message of a day. */
export function dayOf(iso: string, now: Date = new Date()): { kind: 'today' | 'yesterday' | 'date'; text: string } {
  const day = dayjs(iso).startOf('day');
  const today = dayjs(now).startOf('day');
  if (day.isSame(today)) return { kind: 'today', text: '' };
  if (day.isSame(today.subtract(1, 'day'))) return { kind: 'yesterday', text: '' };
  return { kind: 'date', text: day.format('DD.MM.YYYY') };
}

export const sameDay = (a: string, b: string) => dayjs(a).isSame(dayjs(b), 'day');
