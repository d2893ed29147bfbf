import Charts
import FitnessJournal
import Foundation
import TestSupport
import Testing
import TrainingCalendar

@Suite("progress chart")
struct ProgressChartTests {
    private func report(days: Int, workoutsEvery step: Int) throws -> ProgressReport {
        let today = try JournalFixture.date("2026-11-23")
        let first = today.adding(days: 1 - days)
        let workouts = stride(from: 0, to: days, by: step).map { offset in
            WorkoutEntry(
                id: String(offset), date: first.adding(days: offset), type: .running, durationMinutes: 10 + offset % 50,
                intensity: .easy, notes: nil, loggedAt: first.adding(days: offset).start(in: .gmt))
        }
        return ProgressReport(
            period: .all, today: today, workouts: workouts, workoutDays: workouts.map(\.date), checkIns: [],
            firstDay: first, weeklyGoal: 3)
    }

    @Test(
        "a bar per day up to 62 days, per week up to 104 weeks, per month beyond; nothing lost",
        arguments: [(7, 7, "day"), (62, 62, "day"), (63, 10, "week"), (365, 53, "week"), (3650, 121, "month")])
    func grouping(days: Int, bars: Int, unit: String) throws {
        let report = try report(days: days, workoutsEvery: 2)
        let picture = try SVGPicture(report.chart.document.text)
        let drawn = picture.elements("rect", class: "bar")
        #expect(drawn.count == bars)
        #expect(picture.title?.contains("per \(unit)") == true)
        #expect(drawn.compactMap { $0.number("data-value") }.reduce(0, +) == Double(report.totalWorkouts))
        let minutes = picture.elements("circle", class: "point").compactMap { $0.number("data-value") }
        #expect(minutes.reduce(0, +) == Double(report.totalMinutes))
    }

    @Test("a workout's JSON carries its moment as UTC text and reads back the same")
    func entryJSON() throws {
        let fixture = try JournalFixture()
        let entry = try fixture.workout("2026-11-23T07:30:00Z", .yoga, minutes: 25, notes: "a, \"b\"")
        let data = try JSONEncoder().encode(entry)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["loggedAt"] as? String == "2026-11-23T07:30:00Z")
        #expect(object["date"] as? String == "2026-11-23")
        #expect(try JSONDecoder().decode(WorkoutEntry.self, from: data) == entry)
    }
}
