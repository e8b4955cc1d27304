-- A journal cell's history names what gave a mark from elsewhere: the test's title for marks from its results (source 'test').
ALTER TABLE "journal_visit_changes" ADD COLUMN "source_title" text;
