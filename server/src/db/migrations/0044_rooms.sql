CREATE TABLE "room_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"auditorium_id" integer NOT NULL,
	"lesson_date" date NOT NULL,
	"lesson_time_id" integer NOT NULL,
	"schedule_entry_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_bookings_kind_ck" CHECK ("room_bookings"."kind" in ('makeup', 'consultation'))
);
--> statement-breakpoint
CREATE TABLE "room_kinds" (
	"auditorium_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "room_kinds_kind_ck" CHECK ("room_kinds"."kind" in ('lecture', 'lab', 'computer'))
);
--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_auditorium_id_auditoria_id_fk" FOREIGN KEY ("auditorium_id") REFERENCES "public"."auditoria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_lesson_time_id_lesson_times_id_fk" FOREIGN KEY ("lesson_time_id") REFERENCES "public"."lesson_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_schedule_entry_id_schedule_entries_id_fk" FOREIGN KEY ("schedule_entry_id") REFERENCES "public"."schedule_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_bookings" ADD CONSTRAINT "room_bookings_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_kinds" ADD CONSTRAINT "room_kinds_auditorium_id_auditoria_id_fk" FOREIGN KEY ("auditorium_id") REFERENCES "public"."auditoria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "room_bookings_room_slot_uq" ON "room_bookings" USING btree ("auditorium_id","lesson_date","lesson_time_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_bookings_teacher_slot_uq" ON "room_bookings" USING btree ("teacher_id","lesson_date","lesson_time_id");--> statement-breakpoint
CREATE INDEX "room_bookings_entry_idx" ON "room_bookings" USING btree ("schedule_entry_id","lesson_date");--> statement-breakpoint
-- Hand-written: a booking of a room the weekly timetable holds at the date's weekday and pair of the
-- date's half-year (autumn September–January, spring February–August) is refused as a unique violation,
-- so that the check holds however the row is written (the service checks first and answers ROOM_TAKEN).
CREATE FUNCTION room_bookings_timetable_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m int := extract(month from NEW.lesson_date);
  y int := extract(year from NEW.lesson_date)::int - (case when m >= 9 then 0 else 1 end);
  ws int := case when m >= 9 or m = 1 then 1 else 2 end;
BEGIN
  IF EXISTS (SELECT 1 FROM schedule_entries e
             WHERE e.auditorium_id = NEW.auditorium_id AND e.lesson_time_id = NEW.lesson_time_id
               AND e.day_number = extract(isodow from NEW.lesson_date) AND e.academic_year_id = y AND e.working_semester_id = ws) THEN
    RAISE EXCEPTION 'room % is in the timetable at % pair %', NEW.auditorium_id, NEW.lesson_date, NEW.lesson_time_id
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'room_bookings_timetable_ck';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER room_bookings_timetable BEFORE INSERT OR UPDATE ON room_bookings FOR EACH ROW EXECUTE FUNCTION room_bookings_timetable_check();
