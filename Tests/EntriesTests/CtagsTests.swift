import Foundation
import XCTest
@testable import Entries

/// Runs the real ctags; skipped where Universal Ctags is not installed.
final class CtagsTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipIf(CtagsRunner.locate(nil) == nil, "Universal Ctags is not installed")
    }

    /// "name kind first-last" per entry, children indented: compact and exact.
    func outline(_ entries: [Entry], _ indent: String = "") -> [String] {
        entries.flatMap { e in
            ["\(indent)\(e.name) \(e.kind.rawValue) \(e.range.start.line)-\(e.range.end.line)"] + outline(e.children, indent + "  ")
        }
    }

    func testPythonScopesNestAndMembersWithSignaturesAreMethods() throws {
        let text = """
        class Foo:
            \"\"\"doc\"\"\"
            def bar(self, x):
                return x

            class Inner:
                def baz(self):
                    pass

        def top(a, b=1):
            return a

        CONST = 3
        """
        let entries = try extract("python", text).entries
        XCTAssertEqual(outline(entries), [
            "Foo 5 0-7", "  bar 6 2-3", "  Inner 5 5-7", "    baz 6 6-7", "top 12 9-10", "CONST 13 12-12",
        ])
        XCTAssertEqual(entries.named("bar")?.detail, "(self, x)")
        XCTAssertEqual(entries.named("bar")?.selectionRange, r(2, 8, 2, 11))
        XCTAssertEqual(entries[0].range, r(0, 0, 7, 16))
    }

    func testCppNamespacesTypesAndKinds() throws {
        let text = "namespace N {\nstruct S { int a; };\nenum E { A, B };\n#define M 1\ntypedef int T;\nint g(int x) {\n return x;\n}\n}\n"
        let entries = try extract("cpp", text).entries
        XCTAssertEqual(outline(entries), [
            "N 3 0-8", "  S 23 1-1", "    a 8 1-1", "  E 10 2-2", "    A 22 2-2", "    B 22 2-2", "  T 26 4-4", "  g 12 5-7", "M 14 3-3",
        ])
        XCTAssertEqual(entries.names, ["N", "M"])  // the macro is not inside the namespace
        XCTAssertEqual(entries.named("S")?.children.names, ["a"])
        XCTAssertEqual(entries.named("a")?.kind, .field)
        XCTAssertEqual(entries.named("E")?.children.map(\.kind), [.enumMember, .enumMember])
        XCTAssertEqual(entries.named("M")?.kind, .constant)
        XCTAssertEqual(entries.named("T")?.kind, .typeParameter)
        XCTAssertEqual(entries.named("g")?.kind, .function)
        XCTAssertEqual(entries.named("g")?.detail, "(int x)")
        XCTAssertEqual(entries.named("g")?.range, r(5, 0, 7, 1))
    }

    func testSwiftSample() throws {
        let entries = try extract("swift", try example("Sample.swift")).entries
        XCTAssertEqual(outline(entries), [
            "Headword 23 4-15",
            "  text 7 5-5", "  sortKey 7 6-6", "  init 9 8-11", "  initial 7 14-14",
            "Dictionary 5 18-38",
            "  words 7 19-19", "  language 7 20-20", "  init 9 22-24", "  add 6 26-29", "  words 6 31-33", "  swedish 6 35-37",
            "Placement 10 41-52",
            "  frontMatter 22 42-42", "  body 22 43-43", "  appendix 22 43-43", "  crossReference 22 44-44", "  isInBody 7 46-51",
            "sections 12 55-62",
            "describe 12 64-66",
        ])
        XCTAssertEqual(entries[0].selectionRange, r(4, 14, 4, 22))
        XCTAssertEqual(entries.named("appendix")?.selectionRange, r(43, 26, 43, 34))
    }

    func testSwiftBracesInStringsAndCommentsDoNotConfuseBodies() throws {
        let text = #"""
        protocol Shelf {
            func count() -> Int
            var name: String { get }
        }
        extension Array: Shelf where Element == String {
            func count() -> Int { 0 } // }
            var name: String {
                let s = "}\("{" + "}")"
                /* } /* nested } */ } */
                return #"raw "}" \(x)"# + """
                }
                """
            }
        }
        func multiLine(
            a: Int,
            b: Int
        ) -> Int {
            let local = a
            struct Helper {}
            return local + b
        }
        """#
        let entries = try extract("swift", text).entries
        XCTAssertEqual(outline(entries), [
            "Shelf 11 0-3", "  count 6 1-1", "  name 7 2-2",
            "Array 3 4-13", "  count 6 5-5", "  name 7 6-12",
            "multiLine 12 14-21", "  Helper 23 19-19",
        ])
    }

    /// Names with letters outside ASCII are whole (the optlib's identifiers once stopped at `é` and skipped `Ä`),
    /// and their selection covers the whole name.
    func testSwiftNamesWithNonASCIILettersAreWhole() throws {
        let text = """
        struct Café {
            func äpple(_ x: Int) -> Int { x }
            var ölSort = 1
            static func == (a: Café, b: Café) -> Bool { true }
        }
        enum Öl {
            case ljus, mörk, 黒
        }
        class 𝔘nicode {}
        """
        let entries = try extract("swift", text).entries
        XCTAssertEqual(outline(entries), [
            "Café 23 0-4", "  äpple 6 1-1", "  ölSort 7 2-2",
            "Öl 10 5-7", "  ljus 22 6-6", "  mörk 22 6-6", "  黒 22 6-6",
            "𝔘nicode 5 8-8",
        ])
        XCTAssertEqual(entries[0].selectionRange, r(0, 7, 0, 12), "UTF-8 columns: é is two bytes")
        XCTAssertEqual(entries.named("𝔘nicode")?.selectionRange, r(8, 6, 8, 16), "𝔘 is four bytes")
    }

    /// Other languages get non-ASCII names from ctags' own parsers (C's does not take them: a ctags limit, in README).
    func testPythonRustAndGoNamesWithNonASCIILetters() throws {
        XCTAssertEqual(outline(try extract("python", "def café():\n    pass\nclass Äpple:\n    def öl(self): pass\n").entries),
                       ["café 12 0-1", "Äpple 5 2-3", "  öl 6 3-3"])
        XCTAssertEqual(try extract("rust", "fn café() {}\nstruct Öl;\n").entries.map(\.name), ["café", "Öl"])
        XCTAssertEqual(try extract("go", "package main\nfunc Café() {}\ntype Öl struct{}\n").entries.flatMap { [$0.name] + $0.children.map(\.name) }.filter { $0 != "main" }.sorted(),
                       ["Café", "Öl"])
    }

    func testLanguageFromFileNameWhenNoLanguageId() throws {
        let extractor = CtagsExtractor()
        let result = try extractor.extract("def f():\n    pass\n", options: ExtractionOptions(fileName: "/some/dir/tool.py"))
        XCTAssertEqual(result.entries.names, ["f"])
        XCTAssertEqual(result.warnings, [])
    }

    func testMissingCtagsIsAWarningNotAnError() throws {
        let result = try extract("python", "def f(): pass\n", ExtractionOptions(ctagsPath: "/nonexistent/ctags"))
        XCTAssertEqual(result.entries.count, 0)
        XCTAssertEqual(result.warnings, ["ctags was not found at /nonexistent/ctags; install Universal Ctags to outline source code"])
    }

    func testFailingAndHangingCtagsAreReported() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ctags-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func script(_ name: String, _ body: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
            return path
        }
        let failing = try script("failing", "echo 'ctags: Unknown language \"Klingon\"' >&2; exit 1")
        let failed = try extract("python", "x = 1\n", ExtractionOptions(ctagsPath: failing))
        XCTAssertEqual(failed.entries.count, 0)
        XCTAssertEqual(failed.warnings, ["ctags failed (exit status 1): ctags: Unknown language \"Klingon\""])

        // A ctags that never ends: only being stopped lets the extraction return. It writes its pid, so the test can
        // see it gone (and end it itself if the extractor did not). No stopwatch: on a busy machine starting and
        // stopping a process takes what it takes; the deadline below only turns a hang into a failure.
        let pidFile = dir.appendingPathComponent("pid").path
        let hanging = try script("hanging", "echo $$ > '\(pidFile)'; exec sleep 100000")
        let result = ExtractionBox()
        DispatchQueue.global().async {
            result.set(Result { try CtagsExtractor(languageId: "python", timeout: 0.5).extract("x = 1\n", options: ExtractionOptions(ctagsPath: hanging)) })
        }
        let pid = { (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } }
        guard let stopped = try result.wait(seconds: 120)?.get() else {
            if let pid = pid() { kill(pid, SIGKILL) }
            return XCTFail("the extraction did not return within 120 s: the hanging ctags was not stopped")
        }
        XCTAssertEqual(stopped.entries.count, 0)
        XCTAssertEqual(stopped.warnings, ["ctags took longer than 0.5 s and was stopped; the outline is empty"])
        let stoppedPid = try XCTUnwrap(pid(), "the script ran and wrote its pid")
        let deadline = Date(timeIntervalSinceNow: 120)
        while kill(stoppedPid, 0) == 0 && Date() < deadline { usleep(1_000) }  // a zombie until Process reaps it
        XCTAssertEqual(kill(stoppedPid, 0), -1, "the hanging ctags (pid \(stoppedPid)) was stopped")
    }

    func testTemporaryFilesAreRemoved() throws {
        let tmp = FileManager.default.temporaryDirectory.path
        func leftovers() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix("thumbindex-ctags-") }.count
        }
        let before = try leftovers()
        _ = try extract("go", "package main\nfunc main() {}\n", ExtractionOptions(fileName: "../../main.go"))
        XCTAssertEqual(try leftovers(), before)
    }

    func testEmptyAndInvalidUTF8Sources() throws {
        XCTAssertEqual(try extract("c", "").entries.count, 0)
        let text = textWithInvalidUTF8(Array("int f\u{E9}(void) { return 0; }\n".utf8) + [0xFF, 0x0A] + Array("int g(void) { return 1; }\n".utf8))
        XCTAssertTrue(try extract("c", text).entries.names.contains("g"))
    }
}

/// An extraction's result handed from the thread that ran it, with a deadline.
private final class ExtractionBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Result<Extraction, any Error>?

    func set(_ result: Result<Extraction, any Error>) {
        condition.withLock {
            value = result
            condition.broadcast()
        }
    }

    /// The result, or nil when none came within `seconds`.
    func wait(seconds: Double) -> Result<Extraction, any Error>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while value == nil && condition.wait(until: deadline) {}
            return value
        }
    }
}
