/** /api/workload/: the teacher's workload of a half-year, as JSON and as a workbook (docs/areas/workload.md#calls). */
import { EmptyBody } from '@contract/common';
import { WorkloadOptionsReply, WorkloadQuery, WorkloadReply, WorkloadTeachersBody, WorkloadTeachersReply } from '@contract/workload';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { WorkloadService } from './workload.service';

const base = '/api/workload';

export default async function workloadRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const workloads = new WorkloadService(ctx);

  app.post(`${base}/options.json`, { schema: { body: EmptyBody, response: replies(WorkloadOptionsReply) } }, async (req) =>
    ok(await workloads.options(req.auth!, languageOf(req))),
  );
  app.post(`${base}/teachers.json`, { schema: { body: WorkloadTeachersBody, response: replies(WorkloadTeachersReply) } }, async (req) =>
    ok(await workloads.teachers(req.auth!, req.body.id_department)),
  );
  app.post(`${base}/workload.json`, { schema: { body: WorkloadQuery, response: replies(WorkloadReply) } }, async (req) =>
    ok(await workloads.workload(req.auth!, req.body, languageOf(req))),
  );
  /** GET export.xlsx?id_a_year=&id_w_s=[&id_teacher=]: the same as a workbook. */
  app.get(`${base}/export.xlsx`, { schema: { querystring: WorkloadQuery } }, async (req, reply) =>
    sendDownload(reply, await workloads.exportWorkbook(req.auth!, req.query, languageOf(req))),
  );
}
