/** /api/misc/transcript.json and transcript.pdf (a student's own), transcript/verify.html (no session; docs/api.md#transcript). */
import { EmptyBody } from '../../../../contract/common';
import { TranscriptReply, VerifyQuery } from '../../../../contract/transcript';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { universityName } from '../../shared/site.repository';
import { transcriptPdf } from './transcript.pdf';
import { TranscriptService } from './transcript.service';
import { verifyPage } from './verify.page';

export default async function transcriptRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const transcripts = new TranscriptService(ctx);

  app.post('/api/misc/transcript.json', { schema: { body: EmptyBody, response: replies(TranscriptReply) } }, async (req) =>
    ok(await transcripts.transcript(req.auth!, languageOf(req))),
  );
  app.get('/api/misc/transcript.pdf', async (req, reply) => {
    const lang = languageOf(req);
    const pdf = await transcriptPdf(await transcripts.transcript(req.auth!, lang), lang);
    return reply.type('application/pdf').header('content-disposition', 'attachment; filename="transcript.pdf"').header('cache-control', 'no-store').send(pdf);
  });
  app.get('/api/misc/transcript/verify.html', { schema: { querystring: VerifyQuery }, config: { public: true } }, async (req, reply) => {
    const lang = languageOf(req);
    const verdict = await transcripts.verify(req.query.t);
    reply
      .code(verdict.kind === 'invalid' ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store');
    return verifyPage(verdict, await universityName(ctx.db, lang), lang);
  });
}
