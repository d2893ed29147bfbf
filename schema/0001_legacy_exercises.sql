CREATE TABLE exercises (exercise_id TEXT PRIMARY KEY);
