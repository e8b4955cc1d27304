/** /api/gradingsheet/: the grading sheet (docs/areas/gradingsheet.md#calls). */
import { EmptyBody } from '@contract/common';
import {
  MySheetsReply,
  SheetExamBody,
  SheetIdBody,
  SheetIdQuery,
  SheetListBody,
  SheetListReply,
  SheetOpenBody,
  SheetReopenBody,
  SheetReply,
  SheetResitBody,
  SheetVerifyQuery,
} from '@contract/gradingsheet';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies, sendDownload } from '../../plugins/reply';
import { universityName } from '../../shared/site.repository';
import { sheetPdf, sheetWorkbook, verifyPage } from './gradingsheet.documents';
import { GradingSheetService } from './gradingsheet.service';

export default async function gradingsheetRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const sheets = new GradingSheetService(ctx);
  const base = '/api/gradingsheet';

  app.post(`${base}/list.json`, { schema: { body: SheetListBody, response: replies(SheetListReply) } }, async (req) =>
    ok(await sheets.list(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/open.json`, { schema: { body: SheetOpenBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.open(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/sheet.json`, { schema: { body: SheetIdBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.read(req.auth!, req.body.id_sheet, languageOf(req))),
  );
  app.post(`${base}/exam.json`, { schema: { body: SheetExamBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.exam(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/sign.json`, { schema: { body: SheetIdBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.sign(req.auth!, req.body.id_sheet, languageOf(req))),
  );
  app.post(`${base}/reopen.json`, { schema: { body: SheetReopenBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.reopen(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/resit.json`, { schema: { body: SheetResitBody, response: replies(SheetReply) } }, async (req) =>
    ok(await sheets.resit(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${base}/my.json`, { schema: { body: EmptyBody, response: replies(MySheetsReply) } }, async (req) =>
    ok(await sheets.mine(req.auth!, languageOf(req))),
  );

  app.get(`${base}/sheet.pdf`, { schema: { querystring: SheetIdQuery } }, async (req, reply) => {
    const lang = languageOf(req);
    const p = await sheets.printable(req.auth!, req.query.id_sheet, lang);
    return sendDownload(reply, {
      name: `sheet-${p.sheet.id}.pdf`,
      type: 'application/pdf',
      bytes: await sheetPdf(p.sheet, p.university, p.verifyUrl, lang, p.printedAt),
    });
  });
  app.get(`${base}/sheet.xlsx`, { schema: { querystring: SheetIdQuery } }, async (req, reply) => {
    const lang = languageOf(req);
    const sheet = await sheets.read(req.auth!, req.query.id_sheet, lang);
    return sendDownload(reply, {
      name: `sheet-${sheet.id}.xlsx`,
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: await sheetWorkbook(sheet, lang),
    });
  });
  app.get(`${base}/verify.html`, { schema: { querystring: SheetVerifyQuery }, config: { public: true, logSecrets: { query: ['t'] } } }, async (req, reply) => {
    const lang = languageOf(req);
    const verdict = await sheets.verify(req.query.t, lang);
    reply
      .code(verdict.kind === 'invalid' ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store');
    return verifyPage(verdict, await universityName(ctx.db, lang), lang);
  });
}
