-- News notify the people they address when they come out (modules/news/news.publisher.ts). Items
-- written before this were notified when posted: they count as notified.
ALTER TABLE "news" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "news" SET "notified_at" = "created_at";--> statement-breakpoint
CREATE INDEX "news_unnotified_idx" ON "news" USING btree ("publish_at") WHERE "news"."notified_at" is null;--> statement-breakpoint
-- A chat message is counted by the chat's own unread count, not by the bell as well.
DELETE FROM "notifications" WHERE "kind" = 'chat.reply';--> statement-breakpoint
-- A notification opens what it is about: the order, the news item, the list of marks to review.
UPDATE "notifications" SET "link" = '/singlewindow?order=' || ("params"->>'id') WHERE "kind" = 'order.status' AND "params" ? 'id';--> statement-breakpoint
UPDATE "notifications" SET "link" = '/news?item=' || ("params"->>'id') WHERE "kind" = 'news.addressed' AND "params" ? 'id';--> statement-breakpoint
UPDATE "notifications" SET "link" = '/qrreview' WHERE "kind" = 'qr.review';
