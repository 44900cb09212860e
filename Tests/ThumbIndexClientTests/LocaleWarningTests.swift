import ThumbIndexClient
import ThumbIndexJSON
import ThumbIndexProtocol
import ThumbIndexTestSupport
import XCTest

/// A locale is never taken silently: an unknown region is warned about by name wherever a locale comes from (a
/// request's own, a configuration change), and a configuration change to a locale ICU cannot open is refused.
final class LocaleWarningTests: XCTestCase {
    /// The next log message that mentions `text`, or nil after `Deadline.standard` seconds without one (a deadline
    /// that only turns a hang into a failure).
    func nextLog(_ pair: InProcessPair, mentioning text: String) async -> LogMessageNotification.Params? {
        let messages = pair.client.logMessages
        return await withTaskGroup(of: LogMessageNotification.Params?.self) { group in
            group.addTask {
                for await message in messages where message.message.contains(text) { return message }
                return nil
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(Deadline.standard * 1_000_000_000))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    func testARequestsOwnLocaleWithAnUnknownRegionIsWarnedAboutOnce() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        let items = [SortItem("Östen"), SortItem("Anna")]
        for _ in 0 ..< 2 { _ = try await pair.client.sort(items, collation: CollationChoice(locale: "de_QQ")) }
        _ = try await pair.client.sort(items, collation: CollationChoice(locale: "fi_ZZ"))
        let first = await nextLog(pair, mentioning: "is not a known region")
        XCTAssertEqual(first?.message, "de_QQ: QQ is not a known region; collating as de")
        XCTAssertEqual(first?.type, .warning)
        let second = await nextLog(pair, mentioning: "is not a known region")
        XCTAssertEqual(second?.message, "fi_ZZ: ZZ is not a known region; collating as fi", "de_QQ is said once")
    }

    func testAConfigurationChangeChecksTheLocaleAndKeepsAGoodOne() async throws {
        let pair = try await InProcessPair.start(locale: "sv_SE")
        try pair.client.open(uri: "file:///n.txt", languageId: "plaintext", version: 1, text: "Östen\nAnna\n")
        try pair.client.changeConfiguration(["thumbindex": ["locale": "xx_YY_zz"]])
        let refused = await nextLog(pair, mentioning: "xx_YY_zz")
        XCTAssertEqual(refused?.type, .warning)
        XCTAssertTrue(refused?.message.hasSuffix("; keeping sv_SE") == true, refused?.message ?? "no message")
        let sections = try await pair.client.sections(uri: "file:///n.txt")
        XCTAssertEqual(sections.sections.map(\.title), ["A", "Ö"], "still Swedish, not an error on every request")

        try pair.client.changeConfiguration(["thumbindex.locale": "sv_XX"])
        let warned = await nextLog(pair, mentioning: "sv_XX")
        XCTAssertEqual(warned?.message, "sv_XX: XX is not a known region; collating as sv")
        let after = try await pair.client.sections(uri: "file:///n.txt")
        XCTAssertEqual(after.sections.map(\.title), ["A", "Ö"])
    }
}
