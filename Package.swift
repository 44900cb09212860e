// swift-tools-version:6.0
// ThumbIndex: locale-aware sectioned outlines over LSP.
//
// Data flows one way: ICUShim, MeCabShim → Collation; Entries (extractors) → Outlines (entries → sections, pages, jumps) →
// ThumbIndexProtocol (typed requests) → Server (the LSP adapter; MallocShim for glibc's allocator) → JSONRPC
// (transport) → stdio. The CLI
// (thumbindex) and the Swift client (ThumbIndexClient: protocol types over the transport) are thin clients of the
// same types. ThumbIndexJSON is the one JSON implementation under all of them.
import PackageDescription

let package = Package(
    name: "ThumbIndex",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "thumbindex", targets: ["thumbindex"]),
        .library(name: "Collation", targets: ["Collation"]),
        .library(name: "Outlines", targets: ["Outlines"]),
        .library(name: "ThumbIndexProtocol", targets: ["ThumbIndexProtocol"]),
        .library(name: "ThumbIndexClient", targets: ["ThumbIndexClient"]),
        .library(name: "JSONRPC", targets: ["JSONRPC"]),
        .library(name: "ThumbIndexJSON", targets: ["ThumbIndexJSON"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: DocC for the libraries (a plugin; nothing of it is linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: ICU shim — the only code that sees ICU headers; its public header is plain C.
        .target(
            name: "ICUShim",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("stdc++")]
        ),

        // MARK: MeCab shim — Japanese readings, loaded with dlopen at run time (optional: the binary runs without it).
        .target(name: "MeCabShim", linkerSettings: [.linkedLibrary("dl")]),
        // glibc's malloc_trim and mallopt, which Swift's Glibc module does not export.
        .target(name: "MallocShim"),

        // MARK: LowLevel — splitting work over the cores, the word-at-a-time byte searches, the unchecked Sendable box
        // and the size thresholds of two-core work, shared by the targets below (`package` access; not a product).
        .target(name: "LowLevel"),
        .testTarget(name: "LowLevelTests", dependencies: ["LowLevel", "SeededRandom"]),

        // MARK: Collation core — IndexedCollation (UILocalizedIndexedCollation on ICU), sort keys, jump rules, readings.
        .target(name: "Collation", dependencies: ["ICUShim", "MeCabShim", "LowLevel"]),
        .testTarget(name: "CollationTests", dependencies: ["Collation", "SeededRandom"], exclude: ["Fixtures"]),

        // MARK: JSON — values, the parser and the writers, shared by the transport, the protocol and the extractors.
        .target(name: "ThumbIndexJSON", dependencies: ["LowLevel"]),
        .testTarget(name: "ThumbIndexJSONTests", dependencies: ["ThumbIndexJSON", "LowLevel"]),

        // MARK: Entries — one extractor per document format, chosen by languageId (no collation here).
        .target(name: "Entries", dependencies: ["ThumbIndexJSON", "LowLevel", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "EntriesTests", dependencies: ["Entries", "LowLevel"], exclude: ["Fixtures"]),

        // MARK: Outlines — the domain: a document's text → entries → sectioned outline, pages, jumps, search.
        .target(name: "Outlines", dependencies: ["Collation", "Entries", "ThumbIndexJSON", "LowLevel"]),
        .testTarget(name: "OutlinesTests", dependencies: ["Outlines", "Server", "Collation", "Entries", "ThumbIndexJSON", "LowLevel", "SeededRandom"], exclude: ["Fixtures"]),

        // MARK: JSON-RPC 2.0 transport — framing and messages, knows nothing of LSP.
        .target(name: "JSONRPC", dependencies: ["ThumbIndexJSON"]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "ThumbIndexJSON"]),

        // MARK: Protocol — one type per request and notification the server speaks, their params and results,
        // the LSP error codes and the settings object.
        .target(name: "ThumbIndexProtocol", dependencies: ["JSONRPC", "ThumbIndexJSON"]),
        .testTarget(name: "ThumbIndexProtocolTests", dependencies: ["ThumbIndexProtocol", "JSONRPC", "ThumbIndexJSON"]),

        // MARK: Server — the LSP adapter over Outlines: lifecycle, documents, typed request handlers.
        .target(name: "Server", dependencies: ["Outlines", "Collation", "Entries", "ThumbIndexProtocol", "JSONRPC", "ThumbIndexJSON", "LowLevel", "MallocShim"]),

        // MARK: Client — starts or connects to a server, typed async requests, and PagedArray for fluent pagination.
        .target(name: "ThumbIndexClient", dependencies: ["ThumbIndexProtocol", "JSONRPC", "ThumbIndexJSON"]),

        // MARK: Test support — a server and a client in one process over pipes, for short typed server tests.
        .target(name: "ThumbIndexTestSupport", dependencies: ["Server", "ThumbIndexClient", "ThumbIndexProtocol", "JSONRPC"]),
        .testTarget(name: "ThumbIndexClientTests", dependencies: ["ThumbIndexClient", "ThumbIndexTestSupport", "ThumbIndexProtocol", "JSONRPC", "ThumbIndexJSON"]),

        // MARK: thumbindex — the executable: LSP server by default, plus titles/sort/outline commands.
        .executableTarget(
            name: "thumbindex",
            dependencies: [
                "Server", "Outlines", "ThumbIndexProtocol", "Collation", "Entries", "JSONRPC", "ThumbIndexJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: SeededRandom — the replayable generator of the randomized tests and the fuzzer.
        .target(name: "SeededRandom"),

        // MARK: Server tests — the server in this process, driven message by message (model-based test).
        .testTarget(
            name: "ServerTests",
            dependencies: ["Server", "Entries", "JSONRPC", "ThumbIndexJSON", "SeededRandom"]),

        // MARK: thumbindex-fuzz — a fuzzer over framing, JSON, dispatch and edits. A seeded mutation driver by
        // default; built with `-sanitize=fuzzer -D LIBFUZZER` (scripts/fuzz) it is a libFuzzer target.
        .executableTarget(name: "thumbindex-fuzz", dependencies: ["Server", "JSONRPC", "ThumbIndexJSON", "SeededRandom"], path: "Sources/Fuzz"),

        // MARK: End-to-end tests — drive the built binary over pipes, as an editor or a shell would.
        .testTarget(name: "EndToEndTests", dependencies: ["JSONRPC", "ThumbIndexJSON", "SeededRandom", "thumbindex"]),
    ]
)
