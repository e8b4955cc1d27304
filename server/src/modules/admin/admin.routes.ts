/** /api/admin/* (docs/areas/admin.md#calls): an administrator's calls (some a dean's office's too, for his faculty); anyone else gets 403. */
import {
  AccountIdBody,
  AccountReply,
  AccountsBody,
  AccountsReply,
  AuditBody,
  AuditReply,
  DeanBody,
  NewAccountBody,
  NewAccountListsReply,
  NewAccountReply,
  QuotaBody,
  ResetPasswordReply,
  RightBody,
} from '@contract/admin';
import { EmptyBody } from '@contract/common';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { languageOf } from '../../i18n';
import { ok, replies } from '../../plugins/reply';
import { AdminNewAccountService } from './admin.newaccount.service';
import { AdminService } from './admin.service';

const P = '/api/admin';

export default async function adminRoutes(app: App, { ctx }: { ctx: AppContext }) {
  const admin = new AdminService(ctx);
  const newAccount = new AdminNewAccountService(ctx, admin);
  const write = { body: AccountIdBody, response: replies(AccountReply) };
  const idempotent = { idempotent: true };

  app.post(`${P}/accounts.json`, { schema: { body: AccountsBody, response: replies(AccountsReply) } }, async (req) =>
    ok(await admin.accounts(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/account.json`, { schema: write }, async (req) => ok(await admin.account(req.auth!, req.body, languageOf(req))));
  app.post(`${P}/disable.json`, { schema: write, config: idempotent }, async (req) => ok(await admin.disable(req.auth!, req.body, languageOf(req))));
  app.post(`${P}/enable.json`, { schema: write, config: idempotent }, async (req) => ok(await admin.enable(req.auth!, req.body, languageOf(req))));
  app.post(`${P}/unlock.json`, { schema: write, config: idempotent }, async (req) => ok(await admin.unlock(req.auth!, req.body, languageOf(req))));
  app.post(`${P}/endsessions.json`, { schema: write, config: idempotent }, async (req) => ok(await admin.endSessions(req.auth!, req.body, languageOf(req))));
  app.post(`${P}/resetpassword.json`, { schema: { body: AccountIdBody, response: replies(ResetPasswordReply) }, config: idempotent }, async (req) =>
    ok(await admin.resetPassword(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/rights.json`, { schema: { body: RightBody, response: replies(AccountReply) }, config: idempotent }, async (req) =>
    ok(await admin.setRight(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/dean.json`, { schema: { body: DeanBody, response: replies(AccountReply) }, config: idempotent }, async (req) =>
    ok(await admin.setDean(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/quota.json`, { schema: { body: QuotaBody, response: replies(AccountReply) }, config: idempotent }, async (req) =>
    ok(await admin.setQuota(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/newaccountlists.json`, { schema: { body: EmptyBody, response: replies(NewAccountListsReply) } }, async (req) =>
    ok(await newAccount.newAccountLists(req.auth!, languageOf(req))),
  );
  app.post(`${P}/newaccount.json`, { schema: { body: NewAccountBody, response: replies(NewAccountReply) }, config: idempotent }, async (req) =>
    ok(await newAccount.createAccount(req.auth!, req.body, languageOf(req))),
  );
  app.post(`${P}/audit.json`, { schema: { body: AuditBody, response: replies(AuditReply) } }, async (req) => ok(await admin.audit(req.auth!, req.body)));
}
