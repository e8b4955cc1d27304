/** /api/misc/transcript.json and transcript.pdf (a student's own), transcript/verify.html (no session; docs/areas/transcript.md#calls). */
import { EmptyBody } from '@contract/common';
import { RevokeReply, TranscriptReply, VerifyQuery } from '@contract/transcript';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { documentsUnavailable } from '../../app-error';
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
    const data = await transcripts.transcript(req.auth!, lang);
    // Its QR code needs the portal's public address (PUBLIC_URL).
    if (!data.verifyUrl) throw documentsUnavailable();
    const pdf = await transcriptPdf({ ...data, verifyUrl: data.verifyUrl }, lang);
    return reply.type('application/pdf').header('content-disposition', 'attachment; filename="transcript.pdf"').header('cache-control', 'no-store').send(pdf);
  });
  app.post('/api/misc/transcript/revoke.json', { schema: { body: EmptyBody, response: replies(RevokeReply) } }, async (req) =>
    ok(await transcripts.revoke(req.auth!)),
  );
  app.get(
    '/api/misc/transcript/verify.html',
    { schema: { querystring: VerifyQuery }, config: { public: true, logSecrets: { query: ['t'] } } },
    async (req, reply) => {
      const lang = languageOf(req);
      const verdict = await transcripts.verify(req.query.t);
      reply
        .code(verdict.kind === 'invalid' ? 400 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store');
      return verifyPage(verdict, await universityName(ctx.db, lang), lang);
    },
  );
}
