/** The grading sheet's calls (docs/areas/gradingsheet.md#calls). */
import type { MySheetLine, Sheet, SheetExamBody, SheetListItem, SheetOpenBody, SheetReopenBody, SheetResitBody } from '@contract/gradingsheet';
import { post } from '@api/http';

const base = 'api/gradingsheet';

export const gradingSheetApi = {
  list: (id_a_year: number, id_w_s: 1 | 2) => post<SheetListItem[]>(`${base}/list.json`, { id_a_year, id_w_s }, { session: true }),
  open: (body: SheetOpenBody) => post<Sheet>(`${base}/open.json`, body, { session: true }),
  sheet: (id_sheet: number) => post<Sheet>(`${base}/sheet.json`, { id_sheet }, { session: true }),
  exam: (body: SheetExamBody) => post<Sheet>(`${base}/exam.json`, body, { session: true }),
  sign: (id_sheet: number) => post<Sheet>(`${base}/sign.json`, { id_sheet }, { session: true }),
  reopen: (body: SheetReopenBody) => post<Sheet>(`${base}/reopen.json`, body, { session: true }),
  resit: (body: SheetResitBody) => post<Sheet>(`${base}/resit.json`, body, { session: true }),
  mine: () => post<MySheetLine[]>(`${base}/my.json`, {}, { session: true }),
};

export const sheetPdfUrl = (id: number) => `/${base}/sheet.pdf?id_sheet=${id}`;
export const sheetXlsxUrl = (id: number) => `/${base}/sheet.xlsx?id_sheet=${id}`;
