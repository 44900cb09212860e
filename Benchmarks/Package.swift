// swift-tools-version:6.0
// Benchmarks live in their own package so that users of ThumbIndex never resolve or build them.
import PackageDescription

let package = Package(
    name: "ThumbIndexBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ThumbIndex", path: "..")],
    targets: [
        // Times the collation core on a file of lines, in the modes of the ICU C++ reference.
        .executableTarget(
            name: "collation-bench",
            dependencies: [.product(name: "Collation", package: "ThumbIndex")],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        ),
        // Times the language server through its real binary, as an editor would drive it.
        .executableTarget(
            name: "server-bench",
            dependencies: [
                .product(name: "Collation", package: "ThumbIndex"), .product(name: "JSONRPC", package: "ThumbIndex"),
                .product(name: "ThumbIndexJSON", package: "ThumbIndex"),
            ]
        ),
    ]
)
