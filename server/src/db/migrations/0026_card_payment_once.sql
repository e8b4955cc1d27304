-- A payment code is paid by one card payment at most (modules/payment/payment.service.ts, docs/payments.md).
-- Money a provider reports for a code another payment had already paid is kept as 'overpaid': shown to the
-- student and listed for refund, never counted as paid. Codes paid more than once before this migration
-- keep their first paid payment (the earliest completed); the later ones become 'overpaid'.
ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_status_ck";--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_status_ck" CHECK ("card_payments"."status" in ('pending', 'paid', 'declined', 'overpaid'));--> statement-breakpoint
UPDATE "card_payments" AS p SET "status" = 'overpaid'
  WHERE p."status" = 'paid' AND EXISTS (
    SELECT 1 FROM "card_payments" AS q
    WHERE q."payment_code_id" = p."payment_code_id" AND q."status" = 'paid'
      AND (coalesce(q."completed_at", q."created_at"), q."id") < (coalesce(p."completed_at", p."created_at"), p."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_paid_uq" ON "card_payments" USING btree ("payment_code_id") WHERE "card_payments"."status" = 'paid';
