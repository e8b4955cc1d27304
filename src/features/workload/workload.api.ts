/** The teacher's workload and its workbook (docs/areas/workload.md#calls). */
import type { IdName } from '@contract/common';
import type { Workload, WorkloadOptions, WorkloadQuery } from '@contract/workload';
import { post } from '@api/http';

export const workloadApi = {
  options: () => post<WorkloadOptions>('api/workload/options.json', {}, { session: true }),
  /** A department's teachers (an administrator's or a dean's office's choice). */
  teachers: (id_department: number) => post<IdName[]>('api/workload/teachers.json', { id_department }, { session: true }),
  load: (query: WorkloadQuery) => post<Workload>('api/workload/workload.json', query, { session: true }),
};

/** The workload as an .xlsx file, texts in the given language. */
export function workloadXlsxUrl(query: WorkloadQuery, lang: string): string {
  const q = new URLSearchParams({ id_a_year: String(query.id_a_year), id_w_s: String(query.id_w_s) });
  if (query.id_teacher !== undefined) q.set('id_teacher', String(query.id_teacher));
  q.set('lang', lang);
  return `/api/workload/export.xlsx?${q.toString()}`;
}
