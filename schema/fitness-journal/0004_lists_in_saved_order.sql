-- 0004 · Each day's rows in the order they were saved, straight from an index: the CSV export
-- and today's workouts list workouts by date, then moment, then rowid; the mood trend reads each
-- day's check-ins by date, then moment, then rowid and keeps the last. The indexes of 0003 end in
-- other columns before the rowid, so SQLite sorted every day's rows again on each call (the CSV
-- export sorted all of them). Only indexes are added: no row changes. Shipped: never edit.

CREATE INDEX workouts_by_date_and_moment ON workouts (date, logged_at);
CREATE INDEX check_ins_by_date_and_moment ON check_ins (date, checked_in_at);
