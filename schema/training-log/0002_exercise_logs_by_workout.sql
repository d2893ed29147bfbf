-- 0002 · Find an exercise within a workout by its id. The baseline and the last submission walk
-- the workouts newest first and stop at the first that logged the exercise; without this index
-- each step searched every submission of the exercise ever made (a submit took milliseconds
-- after a few years of history). Shipped: never edit; a change is a new file.
CREATE INDEX exercise_logs_by_workout ON exercise_logs (workout_id, performed_exercise_id);
