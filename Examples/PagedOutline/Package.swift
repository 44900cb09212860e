// swift-tools-version:6.0
// An example client of ThumbIndex: pages through the outline of a large file with PagedArray.
//
//     swift run -c release --package-path Examples/PagedOutline paged-outline names.txt --locale sv_SE
import PackageDescription

let package = Package(
    name: "PagedOutline",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ThumbIndex", path: "../..")],
    targets: [
        .executableTarget(
            name: "paged-outline",
            dependencies: [
                .product(name: "ThumbIndexClient", package: "ThumbIndex"),
                .product(name: "ThumbIndexProtocol", package: "ThumbIndex"),
            ]
        ),
    ]
)
