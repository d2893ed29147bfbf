// swift-tools-version: 6.0
// Only the generator's command line, for `make openapi`: it writes Sources/TrainDBService/Generated from
// openapi/openapi.yaml. Kept apart from the project's package so that a build of TrainDB never
// builds the generator.
import PackageDescription

let package = Package(
    name: "ServiceAPIGenerator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
