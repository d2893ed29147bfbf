// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TrainDB",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "traindb", targets: ["traindb"]),
        // App-facing libraries: none of them links libzip or libxml2.
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "ProgrammeGenerator", targets: ["ProgrammeGenerator"]),
        .library(name: "OrderedJSON", targets: ["OrderedJSON"]),
        .library(name: "TrainingCalendar", targets: ["TrainingCalendar"]),
        .library(name: "TrainingLog", targets: ["TrainingLog"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "GymTrack", targets: ["GymTrack"]),
        .library(name: "FitnessJournal", targets: ["FitnessJournal"]),
        .library(name: "Account", targets: ["Account"]),
        .library(name: "Subscription", targets: ["Subscription"]),
        // Build-time libraries, used by the data team's tooling.
        .library(name: "XLSX", targets: ["XLSX"]),
        .library(name: "CatalogBuild", targets: ["CatalogBuild"]),
        .library(name: "CatalogImport", targets: ["CatalogImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // The service (`traindb serve`) and the App Store's signed data: linked by the CLI only.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", exact: "2.1.0"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        // The service's tests: their HTTP/1.1 client (SwiftNIO's, which Hummingbird's server links
        // already) and the service group that runs an instance beside them.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
    ],
    targets: [
        // C libraries, each imported by exactly one library module (XLSX); the test-support writer
        // also imports libzip, to write the files the tests read.
        .systemLibrary(
            name: "CLibZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // The one shape of every library's errors: a stable code and a message (no dependencies).
        .target(name: "ErrorCodes"),

        // The rules of what a user types, one for the command line and the replays: decimal
        // numbers, text without control characters, moments and dates in range (app-facing).
        .target(name: "UserInput", dependencies: ["TrainingCalendar"]),

        // The replay files' one grammar and the loop that feeds their events to a store (app-facing).
        .target(name: "EventReplay", dependencies: ["ErrorCodes", "OrderedJSON", "TrainingCalendar", "UserInput"]),

        // Bytes → typed workbook cells.
        .target(name: "XLSX", dependencies: ["CLibZip", "CLibXML2", "ErrorCodes", "TrainingCalendar"]),

        // A workbook's cells as `traindb xlsx dump` writes them: JSON or CSV, streamed.
        .target(name: "XLSXDump", dependencies: ["ErrorCodes", "OrderedJSON", "XLSX"]),

        // The user's account: the sign-up forms' rules, and the export and deletion of the user's
        // stores on the device (app-facing).
        .target(
            name: "Account",
            dependencies: ["ErrorCodes", "UserStore", .product(name: "GRDB", package: "GRDB.swift")]),

        // Encodable → JSON, keys in the order they were encoded (app-facing, no dependencies).
        .target(name: "OrderedJSON"),

        // Ordered plain-SQL migrations for a GRDB database: the catalogue's, each user store's.
        .target(
            name: "SchemaMigrations", dependencies: ["ErrorCodes", .product(name: "GRDB", package: "GRDB.swift")]),

        // The user stores' one shell: opening a user's file (identity, several processes,
        // read-only, integrity), the store definition, the record protocol and its moments, the
        // clock read once per call, row ids (app-facing).
        .target(
            name: "UserStore",
            dependencies: [
                "SchemaMigrations", "TrainingCalendar", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]),

        // Catalogue records, the database schema and the queries (app-facing). Migrations/ links
        // the catalogue's own files of schema/ (its migrations and schema/queries/exercises.sql)
        // and nothing of the user stores' or the server's.
        .target(
            name: "Catalog",
            dependencies: [
                "ErrorCodes", "SchemaMigrations", "UserStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations")]
        ),

        // SQLite connection options set through its variadic C API (the sync's device connection).
        .target(name: "CSQLiteOptions", linkerSettings: [.linkedLibrary("sqlite3")]),

        // Server side, linked by the CLI only: the PostgreSQL schema (schema/postgres/), publishing
        // the catalogue, over PostgresNIO (SwiftNIO), which no app-facing module links.
        .target(
            name: "PostgresStore",
            dependencies: [
                "Account", "Catalog", "CatalogBuild", "CSQLiteOptions", "ErrorCodes", "OrderedJSON",
                "SchemaMigrations", "TrainingLog", "UserStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations")]
        ),

        // The subscription's rules (business rules §14): plans, the status at a moment, the
        // messages (app-facing, no dependencies).
        .target(name: "Subscription"),

        // Server side: the App Store's signed data (JWS with an x5c chain up to Apple Root CA -
        // G3, committed as AppleRootCA-G3.pem), verified before anything in it is read.
        .target(
            name: "AppStoreSignedData",
            dependencies: [
                "ErrorCodes",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.embedInCode("AppleRootCA-G3.pem")]
        ),

        // Server side, linked by the CLI only: `traindb serve`, the HTTP service on Hummingbird
        // over PostgresStore (SwiftNIO), which no app-facing module links. Generated/ holds its
        // types and routes, generated from openapi/openapi.yaml by swift-openapi-generator
        // (`make openapi`; committed, and checked by a test).
        .target(
            name: "TrainDBService",
            dependencies: [
                "AppStoreSignedData", "Catalog", "ErrorCodes", "OrderedJSON", "PostgresStore", "ProgrammeGenerator",
                "Subscription", "TrainingCalendar",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Build time: checked content → a reproducible database file; two databases → their diff.
        .target(
            name: "CatalogBuild",
            dependencies: [
                "Catalog", "ErrorCodes", "OrderedJSON", "SchemaMigrations", "UserStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C interface: the build binds each staged exercise's values in place.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Calendar dates, weekdays and weeks without time zone surprises (app-facing, no dependencies).
        .target(name: "TrainingCalendar"),

        // SVG pictures: the writer and the charts the apps draw (app-facing, dates from TrainingCalendar).
        .target(name: "Charts", dependencies: ["TrainingCalendar"]),

        // Questionnaire → personalised programme, swaps and injury warnings (app-facing).
        .target(
            name: "ProgrammeGenerator",
            dependencies: [
                "Catalog", "ErrorCodes", "OrderedJSON", "TrainingCalendar", "UserStore",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The user's training log: workouts, sets, prompts, history, the week and streaks (app-facing).
        .target(
            name: "TrainingLog",
            dependencies: [
                "Catalog", "ErrorCodes", "EventReplay", "ProgrammeGenerator", "OrderedJSON", "SchemaMigrations",
                "Subscription", "TrainingCalendar", "UserInput", "UserStore",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations")]
        ),

        // GymTrack: the A/B/C rotation, the daily challenge, streaks and stats, in its own store (app-facing).
        .target(
            name: "GymTrack",
            dependencies: [
                "Charts", "ErrorCodes", "EventReplay", "SchemaMigrations", "TrainingCalendar", "UserInput",
                "UserStore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations"), .embedInCode("Routines/routines.json")]
        ),
        // The fitness journal: workout entries, check-ins, settings, progress and CSV (app-facing).
        .target(
            name: "FitnessJournal",
            dependencies: [
                "Charts", "ErrorCodes", "EventReplay", "SchemaMigrations", "TrainingCalendar", "UserInput",
                "UserStore", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations")]
        ),

        // Workbooks → checked catalogue records.
        .target(
            name: "CatalogImport",
            dependencies: [
                "XLSX", "Catalog", "CatalogBuild", "ErrorCodes",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The thin command line over all of the above.
        .executableTarget(
            name: "traindb",
            dependencies: [
                "XLSX", "XLSXDump", "Catalog", "CatalogBuild", "CatalogImport", "ErrorCodes", "EventReplay",
                "ProgrammeGenerator", "OrderedJSON",
                "SchemaMigrations", "TrainingCalendar", "TrainingLog", "GymTrack", "FitnessJournal", "Charts",
                "PostgresStore", "Account", "UserInput", "UserStore", "TrainDBService", "AppStoreSignedData",
                "Subscription",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // `traindb xlsx dump FILE` (its JSON) alone, linking only the reader: what `make leaks` runs
        // under valgrind, in a fraction of the time valgrind takes to load the whole command line.
        .executableTarget(name: "xlsx-dump", dependencies: ["XLSXDump"]),

        // `make bench`: TrainDB's reader against the inflate floor, calamine and openpyxl.
        .executableTarget(
            name: "xlsx-bench", dependencies: ["XLSX", "XLSXTestSupport"], path: "Benchmarks/xlsx-bench"),
        // `make bench-generator`: programmes per second over the whole questionnaire space.
        .executableTarget(
            name: "generator-bench",
            dependencies: [
                "ProgrammeGenerator", "Catalog", "CatalogBuild", "CatalogImport", "OrderedJSON", "TrainingCalendar",
            ],
            path: "Benchmarks/generator-bench"),

        // `make bench-pg`: publishing the catalogue and syncing users' logs with a throwaway
        // PostgreSQL cluster.
        .executableTarget(
            name: "pg-bench",
            dependencies: [
                "PostgresStore", "Catalog", "TrainingLog", "ProgrammeGenerator", "TrainingCalendar", "UserStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/pg-bench"),

        // `make bench`: the training log with five years of history (submit, history, the week).
        .executableTarget(
            name: "log-bench",
            dependencies: ["TrainingLog", "Catalog", "ProgrammeGenerator", "TrainingCalendar", "UserStore"],
            path: "Benchmarks/log-bench"),
        // `make bench-gymtrack`: GymTrack's stats over ten years of daily use.
        .executableTarget(
            name: "gymtrack-bench", dependencies: ["GymTrack", "Charts", "TrainingCalendar"],
            path: "Benchmarks/gymtrack-bench"),
        // `make bench`: the fitness journal with ten years of daily use (today, progress, chart, CSV).
        .executableTarget(
            name: "journal-bench", dependencies: ["FitnessJournal", "TrainingCalendar"],
            path: "Benchmarks/journal-bench"),

        // Several processes on one user store (figures only, never a test): writes acknowledged, waits, reads.
        .executableTarget(
            name: "store-bench", dependencies: ["FitnessJournal", "TrainingCalendar"], path: "Benchmarks/store-bench"),

        .testTarget(
            name: "XLSXTests", dependencies: ["XLSX", "XLSXTestSupport"], resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "OrderedJSONTests", dependencies: ["OrderedJSON"]),
        .testTarget(name: "AccountTests", dependencies: ["Account"]),
        .testTarget(name: "EventReplayTests", dependencies: ["EventReplay", "TrainingCalendar", "UserInput"]),
        .testTarget(
            name: "SchemaMigrationsTests",
            dependencies: ["SchemaMigrations", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "UserStoreTests",
            dependencies: [
                "UserStore", "SchemaMigrations", "TrainingCalendar", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CatalogTests",
            dependencies: [
                "Catalog", "CatalogBuild", "SchemaMigrations", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CatalogImportTests",
            dependencies: [
                "CatalogImport", "XLSX", "Catalog", "CatalogBuild", "OrderedJSON", "TestSupport", "XLSXTestSupport",
            ]
        ),
        .testTarget(
            name: "ProgrammeGeneratorTests",
            dependencies: [
                "ProgrammeGenerator", "Catalog", "CatalogBuild", "OrderedJSON", "SchemaMigrations", "TrainingCalendar",
                "TestSupport", "UserStore",
            ],
            resources: [.copy("Personas")]
        ),
        .testTarget(name: "TrainingCalendarTests", dependencies: ["TrainingCalendar"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "TrainingCalendar", "TestSupport"]),
        .testTarget(
            name: "FitnessJournalTests",
            dependencies: [
                "FitnessJournal", "Charts", "SchemaMigrations", "TrainingCalendar", "TestSupport", "UserStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Replays"]
        ),
        .testTarget(
            name: "TrainingLogTests",
            dependencies: [
                "TrainingLog", "Catalog", "CatalogBuild", "ProgrammeGenerator", "OrderedJSON", "SchemaMigrations",
                "TrainingCalendar", "TestSupport", "UserStore", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Replays"]
        ),
        .testTarget(
            name: "GymTrackTests",
            dependencies: [
                "GymTrack", "Charts", "SchemaMigrations", "TrainingCalendar", "TestSupport", "UserStore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Replays"]
        ),
        .testTarget(
            name: "TraindbTests",
            dependencies: [
                "traindb", "XLSX", "XLSXDump", "Catalog", "CatalogBuild", "TestSupport", "XLSXTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Needs a PostgreSQL server (TRAINDB_POSTGRES_URL) for most of its tests; skips them with one
        // line without one.
        .testTarget(
            name: "PostgresStoreTests",
            dependencies: [
                "Account", "PostgresStore", "Catalog", "CatalogBuild", "TestSupport", "TrainingLog",
                "ProgrammeGenerator", "SchemaMigrations", "TrainingCalendar", "UserStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "SubscriptionTests", dependencies: ["Subscription"]),
        .testTarget(
            name: "AppStoreSignedDataTests",
            dependencies: [
                "AppStoreSignedData", "AppStoreTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Needs a PostgreSQL server, as PostgresStoreTests does.
        .testTarget(
            name: "TrainDBServiceTests",
            dependencies: [
                "TrainDBService", "AppStoreSignedData", "AppStoreTestSupport", "PostgresStore", "Subscription",
                "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A test App Store: its own root, intermediate and signing certificates, and JWS signed
        // with them, for the tests of the signed data and of the service.
        .target(
            name: "AppStoreTestSupport",
            dependencies: [
                "AppStoreSignedData", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Tests/AppStoreTestSupport"
        ),
        // What every test target shares: temporary directories, the package root, subprocesses,
        // the built executable and the committed catalogue's database.
        .target(name: "TestSupport", path: "Tests/Support"),
        // Writes .xlsx files (through libzip) for the tests and the reader benchmark; no library
        // ships it.
        .target(name: "XLSXTestSupport", dependencies: ["XLSX", "CLibZip"], path: "Tests/XLSXTestSupport"),
    ]
)
