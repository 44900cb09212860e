import Foundation
import XCTest

/// The man page (checked in, written by `scripts/manual`) and README's "Command line" list every command and every
/// flag the binary has, as the binary itself describes them (`--experimental-dump-help`).
final class ManualPageTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    /// (command path, long flag names) for the tool and each subcommand.
    func commands() throws -> [(String, [String])] {
        let (code, out, err) = try Binary.run(["--experimental-dump-help"])
        XCTAssertEqual(code, 0, err)
        let dump = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        var found: [(String, [String])] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let names = arguments.flatMap { ($0["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" } }
            found.append((path.joined(separator: " "), names.compactMap { $0["name"] as? String }))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(try XCTUnwrap(dump["command"] as? [String: Any]), ["thumbindex"])
        XCTAssertGreaterThan(found.count, 4, "thumbindex and its subcommands")
        return found
    }

    func testTheManPageHasEveryCommandAndFlag() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("Documentation/thumbindex.1"), encoding: .utf8)
        // mdoc: a subcommand is `.It Em NAME`, its flags `.It Fl -NAME …` up to the next subcommand.
        let blocks = page.components(separatedBy: "\n.It Em ")
        for (path, flags) in try commands() where path != "thumbindex help" {
            let name = path.split(separator: " ").last.map(String.init) ?? path
            let block = path == "thumbindex" ? blocks[0] : blocks.first { $0.hasPrefix(name + "\n") }
            guard let block else { XCTFail("no section for \(path) in thumbindex.1: run scripts/manual"); continue }
            for flag in flags where !block.contains("-\(flag)") {
                XCTFail("thumbindex.1 lacks \(path) --\(flag): run scripts/manual")
            }
        }
    }

    func testTheReadmeListsEveryCommandAndFlag() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "## Command line\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound ..< readme.endIndex)?.lowerBound ?? readme.endIndex
        let section = readme[start.upperBound ..< end]
        for (path, flags) in try commands() where path != "thumbindex help" {
            XCTAssertTrue(section.contains("`\(path)"), "README's Command line does not show \(path)")
            for flag in flags where !section.contains("--\(flag)") {
                XCTFail("README's Command line does not mention \(path) --\(flag)")
            }
        }
    }
}
