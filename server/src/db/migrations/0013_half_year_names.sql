-- The half-years are named as the glossary (docs/glossary.md) says: "Осеннее полугодие" / "Күзгү жарым жыл" /
-- "Autumn half-year", not "семестр" (a semester is a student's term of study, numbered 1 to 8).
UPDATE "working_semesters" SET "name_ru" = 'Осеннее полугодие', "name_kg" = 'Күзгү жарым жыл', "name_en" = 'Autumn half-year' WHERE "id" = 1;--> statement-breakpoint
UPDATE "working_semesters" SET "name_ru" = 'Весеннее полугодие', "name_kg" = 'Жазгы жарым жыл', "name_en" = 'Spring half-year' WHERE "id" = 2;
