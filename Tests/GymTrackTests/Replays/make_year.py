#!/usr/bin/env python3
"""Writes year.jsonl: a year (2026) of GymTrack use in Europe/London, as the app would record it.

The user, on the wall clock in London (the clocks change on 29 March and 25 October):
- works out at 07:00 on Mondays, Wednesdays and Fridays from 5 January to 30 November, and every
  day of December; takes the type the rotation offers (A, B, C, A, ...); checks every step and
  finishes 40 minutes later;
- except on the first Friday of each month from January to November: checks steps 1 and 2 only
  and says Yes to "Log as partial session?";
- is on holiday from 3 to 16 August: no workouts, no challenge;
- does the daily challenge every day: the session's challenge step gives one set on workout days,
  taps at 12:00 and 18:00 (and 08:00 on days without a workout) give the rest; on Sundays without
  a workout only two sets; on 24 December only the session's set; and on 10 June corrects the
  day to 0 at 20:00;
- asks for the stats at 21:00 on 31 December.
"""
import datetime as dt
import json
from zoneinfo import ZoneInfo

LONDON = ZoneInfo("Europe/London")
STEPS = {"A": 9, "B": 7, "C": 7}


def moment(day, hour, minute=0):
    local = dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=LONDON)
    return local.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    events = []
    types = "ABC"
    sessions = 0
    day = dt.date(2026, 1, 1)
    while day.year == 2026:
        holiday = dt.date(2026, 8, 3) <= day <= dt.date(2026, 8, 16)
        workout = not holiday and (
            day.month == 12 or (day >= dt.date(2026, 1, 5) and day.weekday() in (0, 2, 4)))
        if workout:
            kind = types[sessions % 3]
            sessions += 1
            partial = day.month < 12 and day.weekday() == 4 and day.day <= 7
            events.append({"at": moment(day, 7), "event": "next"})
            events.append({"at": moment(day, 7), "event": "start", "type": kind})
            checked = [1, 2] if partial else range(1, STEPS[kind] + 1)
            for step in checked:
                events.append({"at": moment(day, 7, 2 + 3 * step), "event": "step", "step": step})
            finish = {"at": moment(day, 7, 40), "event": "finish"}
            if partial:
                finish["partial"] = True
            events.append(finish)
        if not holiday and day != dt.date(2026, 12, 24):
            hours = [12, 18] if workout or day.weekday() == 6 else [8, 12, 18]
            for hour in hours:
                events.append({"at": moment(day, hour), "event": "tap"})
        if day == dt.date(2026, 6, 10):
            events.append({"at": moment(day, 20), "event": "set", "sets": 0})
        day += dt.timedelta(days=1)
    events.append({"at": moment(dt.date(2026, 12, 31), 21), "event": "stats"})
    with open("year.jsonl", "w") as out:
        for event in events:
            out.write(json.dumps(event, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
