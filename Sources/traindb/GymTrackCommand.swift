import ArgumentParser
import Foundation
import GymTrack

/// `traindb gymtrack …`: GymTrack's rotation, workouts, daily challenge and stats.
struct GymTrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gymtrack",
        abstract: "GymTrack: the A/B/C rotation, a workout's steps, the daily challenge, streaks and stats.",
        discussion: """
            Each command is one action of the app on the file --store (created when missing). Today is the date of \
            --now (default: now) in --time-zone (default: this machine's).
            Exit status: 0 done, 1 a replayed event was refused, 2 refused or could not run (the message says why).
            """,
        subcommands: [
            Next.self, Start.self, Step.self, Show.self, Finish.self, Challenge.self, GymTrackStatsCommand.self,
            ReplayCommand<GymReplayed>.self,
        ])

    struct Next: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "next", abstract: "The workout the rotation offers next.")

        @OptionGroup var gym: GymTrackOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let next = try gym.open(readOnly: true).next()
            try output.print(next, text: next.text)
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a workout: A, B or C.")

        @Argument(help: ArgumentHelp("A, B or C.", valueName: "type"))
        var type: SessionType

        @OptionGroup var gym: GymTrackOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let session = try gym.open().start(type)
            try output.confirm(session, text: session.text)
        }
    }

    struct Step: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "step",
            abstract: "Check off a step of the started workout (the daily challenge's step adds a set).")

        @Argument(help: ArgumentHelp("The step's number, 1 for the first.", valueName: "n"))
        var number: Int

        @OptionGroup var gym: GymTrackOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let session = try gym.open().checkStep(number)
            try output.confirm(session, text: session.text)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show the started workout's steps.")

        @OptionGroup var gym: GymTrackOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let session = try gym.open(readOnly: true).currentSession()
            try output.print(session, text: session?.text ?? "No workout is started.\n")
        }
    }

    struct Finish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "finish",
            abstract: "Finish the started workout and log it.",
            discussion: "With fewer than half of its steps checked, the workout is logged only with --partial.")

        @Flag(help: "Yes to \"Log as partial session?\" when fewer than half of the steps are checked.")
        var partial = false

        @OptionGroup var gym: GymTrackOptions
        @OptionGroup var output: FormatOption<TextOrJSON>

        func run() throws {
            let finished = try gym.open().finish(confirmingPartial: partial)
            try output.confirm(finished, text: finished.text)
        }
    }

    struct Challenge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "challenge",
            abstract: "The daily challenge: 3 sets of 10 squats and 10 push-ups.",
            subcommands: [Show.self, Tap.self, SetCommand.self], defaultSubcommand: Show.self)

        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "show", abstract: "Today's sets, the streak and the counts.")

            @OptionGroup var gym: GymTrackOptions
            @OptionGroup var output: FormatOption<TextOrJSON>

            func run() throws {
                let card = try gym.open(readOnly: true).challengeCard()
                try output.print(card, text: card.text)
            }
        }

        struct Tap: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "tap", abstract: "Log one more set today (at most 3).")

            @OptionGroup var gym: GymTrackOptions
            @OptionGroup var output: FormatOption<TextOrJSON>

            func run() throws {
                let card = try gym.open().tapChallenge()
                try output.confirm(card, text: card.text)
            }
        }

        struct SetCommand: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "set", abstract: "Correct today's sets: 0, 1, 2 or 3.")

            @Argument(help: ArgumentHelp("The sets done today.", valueName: "n"))
            var sets: Int

            @OptionGroup var gym: GymTrackOptions
            @OptionGroup var output: FormatOption<TextOrJSON>

            func run() throws {
                let card = try gym.open().setChallenge(sets)
                try output.confirm(card, text: card.text)
            }
        }
    }
}

extension SessionType: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }
}
