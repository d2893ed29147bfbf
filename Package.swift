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
        .library(name: "TrainingCalendar", targets: ["TrainingCalendar"]),
        // Importer-side libraries, used by the data team's tooling.
        .library(name: "XLSX", targets: ["XLSX"]),
        .library(name: "CatalogImport", targets: ["CatalogImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift module (XLSX).
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

        // Bytes → typed workbook cells.
        .target(name: "XLSX", dependencies: ["CLibZip", "CLibXML2"]),

        // Catalogue records, the database schema, the writer and the queries (app-facing).
        .target(
            name: "Catalog",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Migrations")]
        ),

        // Calendar dates, weekdays and weeks without time zone surprises (app-facing, no dependencies).
        .target(name: "TrainingCalendar"),

        // Questionnaire → personalised programme, swaps and injury warnings (app-facing).
        .target(
            name: "ProgrammeGenerator",
            dependencies: ["Catalog", "TrainingCalendar", .product(name: "Logging", package: "swift-log")]
        ),

        // Workbooks → checked catalogue records.
        .target(
            name: "CatalogImport",
            dependencies: [
                "XLSX", "Catalog",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The thin command line over all of the above.
        .executableTarget(
            name: "traindb",
            dependencies: [
                "XLSX", "Catalog", "CatalogImport", "ProgrammeGenerator", "TrainingCalendar",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // `make bench`: TrainDB's reader against the inflate floor, calamine and openpyxl.
        .executableTarget(name: "xlsx-bench", dependencies: ["XLSX"]),
        // `make bench-generator`: programmes per second over the whole questionnaire space.
        .executableTarget(
            name: "generator-bench",
            dependencies: ["ProgrammeGenerator", "Catalog", "CatalogImport", "TrainingCalendar"]),

        .testTarget(name: "XLSXTests", dependencies: ["XLSX"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CatalogTests",
            dependencies: ["Catalog", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "CatalogImportTests", dependencies: ["CatalogImport", "XLSX", "Catalog"]),
        .testTarget(
            name: "ProgrammeGeneratorTests",
            dependencies: [
                "ProgrammeGenerator", "Catalog", "CatalogImport", "TrainingCalendar", "traindb", "TraindbTestSupport",
            ],
            resources: [.copy("Personas")]
        ),
        .testTarget(name: "TrainingCalendarTests", dependencies: ["TrainingCalendar"]),
        .testTarget(name: "TraindbTests", dependencies: ["traindb", "XLSX", "Catalog", "TraindbTestSupport"]),
        // Runs the built executable for the end-to-end tests of both test targets.
        .target(name: "TraindbTestSupport", path: "Tests/Support"),
    ]
)
