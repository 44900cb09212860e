// swift-tools-version:6.0
// ThumbIndex: locale-aware sectioned outlines over LSP.
// Data flows one way: ICUShim → Collation → Entries → Server → JSONRPC → stdio (thumbindex).
import PackageDescription

let package = Package(
    name: "ThumbIndex",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "thumbindex", targets: ["thumbindex"]),
        .library(name: "Collation", targets: ["Collation"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "ThumbIndexClient", targets: ["ThumbIndexClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // MARK: ICU shim — the only code that sees ICU headers; its public header is plain C.
        .target(
            name: "ICUShim",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("stdc++")]
        ),

        // MARK: Collation core — IndexedCollation (UILocalizedIndexedCollation on ICU), sort keys, jump rules.
        .target(name: "Collation", dependencies: ["ICUShim"]),
        .testTarget(name: "CollationTests", dependencies: ["Collation"]),

        // MARK: Entries — one extractor per document format, chosen by languageId.
        .target(name: "Entries", dependencies: [.product(name: "Yams", package: "Yams")]),
        .testTarget(name: "EntriesTests", dependencies: ["Entries"]),

        // MARK: JSON-RPC 2.0 transport — framing and messages, knows nothing of LSP.
        .target(name: "JSONRPC"),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),

        // MARK: Server — LSP lifecycle, documents, outlines and the thumbindex/* requests.
        .target(name: "Server", dependencies: ["Collation", "Entries", "JSONRPC"]),

        // MARK: thumbindex — the executable: LSP server by default, plus titles/sort/outline commands.
        .executableTarget(
            name: "thumbindex",
            dependencies: ["Server", "Collation", "Entries", "JSONRPC", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),

        // MARK: SeededRandom — the replayable generator of the randomized tests and the fuzzer.
        .target(name: "SeededRandom"),

        // MARK: Server tests — the server in this process, driven message by message (model-based test).
        .testTarget(name: "ServerTests", dependencies: ["Server", "Entries", "JSONRPC", "SeededRandom"]),

        // MARK: thumbindex-fuzz — a fuzzer over framing, JSON, dispatch and edits. A seeded mutation driver by
        // default; built with `-sanitize=fuzzer -D LIBFUZZER` (scripts/fuzz) it is a libFuzzer target.
        .executableTarget(name: "thumbindex-fuzz", dependencies: ["Server", "JSONRPC", "SeededRandom"], path: "Sources/Fuzz"),

        // MARK: ThumbIndexClient — the client side of fluent pagination: PagedArray over a PageSource.
        .target(name: "ThumbIndexClient"),
        .testTarget(name: "ThumbIndexClientTests", dependencies: ["ThumbIndexClient"]),

        // MARK: End-to-end tests — drive the built binary over pipes, as an editor or a shell would.
        .testTarget(name: "EndToEndTests", dependencies: ["JSONRPC", "SeededRandom", "thumbindex"]),
    ]
)
